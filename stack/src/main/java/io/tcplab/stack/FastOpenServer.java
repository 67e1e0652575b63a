package io.tcplab.stack;

import io.tcplab.stack.conn.FastOpen;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * What a listener makes of a SYN's Fast Open option (RFC 7413 §4.2.2), in the order Linux's
 * tcp_try_fastopen decides it: nothing unless the listener takes Fast Open, the SYN carries data
 * or the option, and fewer than the listener's limit of Fast Open connections are still in
 * SYN-RECEIVED (§5.1); then a listener that needs no cookie takes the SYN's data; a cookie
 * request is answered with a cookie; a valid cookie makes the connection at once, its data
 * accepted, and is not echoed; an invalid one is answered with the valid cookie and an ordinary
 * handshake. The answer's cookie goes in the form the SYN used (kind 34 or the experimental one).
 */
final class FastOpenServer {
    /** The SYN's data is accepted: a Fast Open connection. */
    static final int CHILD = 1;
    /** An ordinary handshake whose SYN-ACK carries {@link #cookie()}. */
    static final int COOKIE = 2;
    /** An ordinary handshake, no Fast Open option. */
    static final int NONE = 0;

    private final FastOpenCookies cookies;
    private final byte[] cookie = new byte[FastOpenCookies.COOKIE_BYTES];
    private final byte[] scratch = new byte[TcpOptions.MAX_FAST_OPEN_COOKIE];
    private final byte[] client16 = new byte[16];
    private final byte[] server16 = new byte[16];
    private final byte[] client4 = new byte[4];
    private final byte[] server4 = new byte[4];

    FastOpenServer(byte[] key, RandomSource random) {
        this.cookies = new FastOpenCookies(key, random);
    }

    /** {@link #CHILD}, {@link #COOKIE} or {@link #NONE} for this SYN on a listener with {@code fastOpen} and {@code pending} Fast Open connections in SYN-RECEIVED. */
    int answer(FastOpen fastOpen, int pending, IpPacket ip, TcpHeader syn, TcpOptions options) {
        int presented = options.fastOpenLength();
        if (!fastOpen.server() || syn.payloadLength() == 0 && presented < 0 || pending >= fastOpen.serverQueue) {
            return NONE;
        }
        if (fastOpen.serverWithoutCookie) {
            return CHILD;
        }
        if (presented < 0) {
            return NONE;
        }
        boolean v4 = ip.addressLength() == 4;
        byte[] client = v4 ? client4 : client16;
        byte[] server = v4 ? server4 : server16;
        ip.copySrc(client);
        ip.copyDst(server);
        cookies.cookie(fastOpen.key(), client, server, cookie);
        return presented > 0 && FastOpenCookies.matches(options, cookie, scratch) ? CHILD : COOKIE;
    }

    /** The cookie a {@link #COOKIE} answer carries. */
    byte[] cookie() {
        return cookie;
    }
}
