package io.tcplab.stack.conn;

/**
 * An ICMP error delivered to a connection (RFC 9293 §3.9.2.2, RFC 1122 §4.2.3.9). All are soft:
 * recorded and reported through {@link Connection#lastSoftError()} and the trace, never a reason
 * to abort a synchronized connection (RFC 5461). The {@linkplain #hard() hard} ones abort a
 * connection still in SYN-SENT with {@link ConnectionError#REFUSED}, as Linux reports
 * ECONNREFUSED for them.
 */
public enum SoftError {
    /** ICMP Destination Unreachable code 0; ICMPv6 code 0 (no route). */
    NETWORK_UNREACHABLE(false),
    /** ICMP codes 1, 5, 6, 7, 8, 11, 12; ICMPv6 codes 2 (beyond scope) and 3 (address unreachable). */
    HOST_UNREACHABLE(false),
    /** ICMP code 2; ICMPv6 Parameter Problem code 1 (unrecognized Next Header). */
    PROTOCOL_UNREACHABLE(true),
    /** ICMP code 3; ICMPv6 code 4. */
    PORT_UNREACHABLE(true),
    /** ICMP codes 9, 10, 13, 14, 15; ICMPv6 codes 1, 5, 6. */
    ADMINISTRATIVELY_PROHIBITED(false),
    /** ICMP Time Exceeded (type 11), ICMPv6 Time Exceeded (type 3). */
    TIME_EXCEEDED(false),
    /** ICMP Parameter Problem (type 12), ICMPv6 Parameter Problem (type 4) other than code 1. */
    PARAMETER_PROBLEM(false),
    /** RFC 1191 "fragmentation needed" or RFC 8201 Packet Too Big: handled as Path MTU, recorded too. */
    PACKET_TOO_BIG(false);

    private final boolean hard;

    SoftError(boolean hard) {
        this.hard = hard;
    }

    /** RFC 1122 §4.2.3.9 hard error: aborts a connection in SYN-SENT only. */
    public boolean hard() {
        return hard;
    }
}
