package io.tcplab.tools.packetdrill;

import java.util.List;
import java.util.Map;

/**
 * An inbound ICMP error as packetdrill writes it: {@code < icmp unreachable [code] [mtu N]
 * [[start:end(len)]]}. It quotes the socket under test's segment starting at our relative
 * sequence number {@code start} (0, the ISN, when the script gives none) with {@code length}
 * bytes of data, as packetdrill's icmp_packet.c builds it.
 */
record IcmpSpec(int type, int code, long mtu, long start, int length) {
    /** RFC 792: destination unreachable and time exceeded, the errors a script sends. */
    static final Map<String, Integer> TYPES = Map.of("unreachable", 3, "time_exceeded", 11);
    /** RFC 792 and RFC 1191 §4 codes of destination unreachable, by packetdrill's names. */
    static final List<String> UNREACHABLE_CODES = List.of("net_unreachable", "host_unreachable",
            "protocol_unreachable", "port_unreachable", "frag_needed", "source_route_failed");
    /** packetdrill run_all.py's -D CODE: the code its ICMP scripts send. */
    static final String CODE = "host_unreachable";
}
