package io.tcplab.tools.analyze;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The link-layer headers {@code tcplab analyze} reads, by libpcap's DLT number: what comes before
 * the IP header and how to tell an IP packet from the rest (ARP, LLDP, ...).
 */
enum LinkType {
    /** DLT_EN10MB: Ethernet II, with any number of 802.1Q / 802.1ad tags. */
    ETHERNET("Ethernet", 1),
    /** DLT_LINUX_SLL: {@code tcpdump -i any} before libpcap 1.10; 16 bytes, the protocol in the last two. */
    LINUX_SLL("Linux cooked (SLL)", 113),
    /** DLT_LINUX_SLL2: {@code tcpdump -i any} with libpcap 1.10 on; 20 bytes, the protocol in the first two. */
    LINUX_SLL2("Linux cooked v2 (SLL2)", 276),
    /** DLT_RAW (12; 14 on OpenBSD) and LINKTYPE_RAW (101): an IP packet and nothing else, as on a TUN device. */
    RAW("raw IP", 12, 14, 101),
    /** DLT_IPV4, DLT_IPV6: raw IP of one version. */
    IPV4("raw IPv4", 228),
    IPV6("raw IPv6", 229);

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86dd;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88a8;

    private final String label;
    private final int[] dlts;

    LinkType(String label, int... dlts) {
        this.label = label;
        this.dlts = dlts;
    }

    static Optional<LinkType> of(int dlt) {
        return Arrays.stream(values()).filter(t -> Arrays.stream(t.dlts).anyMatch(d -> d == dlt)).findFirst();
    }

    /** "Ethernet (1), Linux cooked (SLL) (113), ...": for the message that refuses another. */
    static String supported() {
        return Arrays.stream(values()).map(t -> t.label + " (" + Arrays.stream(t.dlts).mapToObj(Integer::toString)
                .collect(Collectors.joining("/")) + ")").collect(Collectors.joining(", "));
    }

    /** Where the IP header starts in {@code frame}, or -1 when the frame carries something else. */
    int ipOffset(byte[] frame) {
        return switch (this) {
            case ETHERNET -> ethernet(frame);
            case LINUX_SLL -> frame.length >= 16 && isIp(u16(frame, 14)) ? 16 : -1;
            case LINUX_SLL2 -> frame.length >= 20 && isIp(u16(frame, 0)) ? 20 : -1;
            case RAW, IPV4, IPV6 -> 0;
        };
    }

    private static int ethernet(byte[] frame) {
        int at = 12;
        while (at + 2 <= frame.length) {
            int type = u16(frame, at);
            if (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ) {
                at += 4;
                continue;
            }
            return isIp(type) ? at + 2 : -1;
        }
        return -1;
    }

    private static boolean isIp(int ethertype) {
        return ethertype == ETHERTYPE_IPV4 || ethertype == ETHERTYPE_IPV6;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) << 8 | (b[at + 1] & 0xff);
    }

    @Override
    public String toString() {
        return label;
    }
}
