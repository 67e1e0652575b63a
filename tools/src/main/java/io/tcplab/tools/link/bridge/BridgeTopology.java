package io.tcplab.tools.link.bridge;

import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.TunException;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The classic two hosts with a router between them, where the router is the link bridge: TUN
 * device A has its kernel side in the left namespace with {@code leftCidr} and a route to the
 * right subnet through A; TUN device B likewise in the right namespace with {@code rightCidr} and a
 * route back through B. Traffic from left to right then crosses the bridge. Equivalent to:
 *
 * <pre>
 * ip -n LEFT  link set A mtu M up; ip -n LEFT  addr add 10.77.1.1/24 dev A; ip -n LEFT  route add 10.77.2.0/24 dev A
 * ip -n RIGHT link set B mtu M up; ip -n RIGHT addr add 10.77.2.1/24 dev B; ip -n RIGHT route add 10.77.1.0/24 dev B
 * </pre>
 */
public final class BridgeTopology {
    private BridgeTopology() {
    }

    /** The two devices, opened and configured; the caller owns them (a {@link LinkBridge} may take them). */
    public record Devices(TunDevice a, TunDevice b) {
    }

    /**
     * Opens A in {@code leftNs} and B in {@code rightNs} (null: this process's namespace) and routes
     * each side's subnet through them. Both ends must be of one family and on different subnets.
     */
    public static Devices open(String leftNs, String leftCidr, String aName, String rightNs, String rightCidr,
                               String bName, int mtu) {
        return open(leftNs, leftCidr, aName, rightNs, rightCidr, bName, mtu, 0);
    }

    /** The same with both devices' txqueuelen set to {@code txQueuePackets} (0: the kernel's default, 500). */
    public static Devices open(String leftNs, String leftCidr, String aName, String rightNs, String rightCidr,
                               String bName, int mtu, int txQueuePackets) {
        InterfaceAddress left = InterfaceAddress.parse(leftCidr);
        InterfaceAddress right = InterfaceAddress.parse(rightCidr);
        if (left.isIpv4() != right.isIpv4()) {
            throw new TunException("tcplab: --left-addr " + left + " and --right-addr " + right
                    + " must both be IPv4 or both IPv6");
        }
        String leftNet = network(left);
        String rightNet = network(right);
        if (overlap(left, right)) {
            throw new TunException("tcplab: --left-addr " + left + " and --right-addr " + right
                    + " overlap; the two sides need different subnets (e.g. 10.77.1.1/24 and 10.77.2.1/24)");
        }
        TunDevice a = TunDevice.builder().namespace(leftNs).name(aName).mtu(mtu).txQueueLength(txQueuePackets)
                .address(leftCidr).route(rightNet).open();
        try {
            TunDevice b = TunDevice.builder().namespace(rightNs).name(bName).mtu(mtu).txQueueLength(txQueuePackets)
                    .address(rightCidr).route(leftNet).open();
            return new Devices(a, b);
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
    }

    /** {@code 10.77.2.0/24} for {@code 10.77.2.1/24}. */
    public static String network(InterfaceAddress a) {
        byte[] masked = mask(a.address(), a.prefixLength());
        try {
            return InetAddress.getByAddress(masked).getHostAddress() + "/" + a.prefixLength();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // a 4- or 16-byte array is always an address
        }
    }

    /** Whether either network contains the other. */
    static boolean overlap(InterfaceAddress x, InterfaceAddress y) {
        int shorter = Math.min(x.prefixLength(), y.prefixLength());
        return java.util.Arrays.equals(mask(x.address(), shorter), mask(y.address(), shorter));
    }

    private static byte[] mask(byte[] address, int prefix) {
        byte[] out = address.clone();
        for (int i = 0; i < out.length; i++) {
            int bits = Math.max(0, Math.min(8, prefix - 8 * i));
            out[i] = (byte) (out[i] & (0xff00 >> bits));
        }
        return out;
    }
}
