package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * The ways a connection opens: actively (RFC 9293 §3.10.1), from a SYN that reached a listener
 * (§3.10.7.2), as a passive Fast Open (RFC 7413 §4.2.2), or from a SYN cookie's ACK (RFC 4987
 * §3.6). Each puts the connection in its first state and starts the {@link Handshake}, which
 * completes the opening.
 */
final class Opening {
    private final Connection c;
    private final Handshake handshake;
    private final KeepAlive keepAlive;

    Opening(Connection c, Handshake handshake, KeepAlive keepAlive) {
        this.c = c;
        this.handshake = handshake;
        this.keepAlive = keepAlive;
    }

    /**
     * Active open: send a SYN — with Fast Open ({@link ConnectionOptions#fastOpen}) and a cookie
     * for the server, only once the application writes (RFC 7413 §4.2.1: the SYN carries the
     * first bytes), as Linux defers the connect of {@code TCP_FASTOPEN_CONNECT}.
     */
    void active(long now) {
        c.setState(TcpState.SYN_SENT, now);
        handshake.offerEcn();
        if (!handshake.deferSynForData()) {
            handshake.sendSyn(now, false);
        }
    }

    /**
     * Passive open from a SYN that reached a listener: remember the peer's sequence space and
     * options, and answer with a SYN-ACK — carrying {@code fastOpenCookie} (8 bytes; null for
     * none) when the listener answers a Fast Open option with a cookie (RFC 7413 §4.2.2), in the
     * experimental form when {@code experimental}.
     */
    void passive(long now, int segSeq, int window, TcpOptions synOptions, int synFlags, int synIpEcn,
                 byte[] fastOpenCookie, boolean experimental) {
        c.startReceiving(segSeq & 0xFFFFFFFFL);
        handshake.acceptSyn(now, synOptions, window, synFlags, synIpEcn);
        handshake.answerCookie(fastOpenCookie, experimental);
        c.setState(TcpState.SYN_RECEIVED, now);
        keepAlive.heard(now);
        handshake.sendSyn(now, true);
    }

    /**
     * Passive Fast Open from {@code syn}, whose cookie the listener found valid (or that needed
     * none): the SYN's data is accepted and ready to read, the SYN-ACK acknowledges it, and the
     * connection may send before the handshake completes — its window and algorithm start now, as
     * Linux's tcp_fastopen_create_child starts them. A FIN on the SYN is not taken (the peer sends
     * it again).
     */
    void fastOpen(long now, TcpHeader syn, TcpOptions synOptions, ByteBuf packet, int synIpEcn) {
        long irs = syn.seq() & 0xFFFFFFFFL;
        c.startReceiving(irs);
        handshake.acceptSyn(now, synOptions, syn.window(), syn.flags(), synIpEcn);
        c.setState(TcpState.SYN_RECEIVED, now);
        keepAlive.heard(now);
        handshake.startFastOpenChild(now);
        if (syn.payloadLength() > 0) {
            c.receiver().onSegment(now, irs + 1, packet, syn.payloadOffset(), syn.payloadLength(), false,
                    c.options.delayedAck);
            handshake.synDataAcknowledged();
        }
        handshake.sendSyn(now, true);
    }

    /**
     * The passive open of a SYN cookie's ACK: the SYN-ACK was sent by the stack without state,
     * and {@code synOptions} are the SYN's options as the cookie restored them. The connection is
     * put in SYN-RECEIVED as if it had sent that SYN-ACK; the stack then hands it the ACK (whose
     * window, scaled, is {@code scaledWindow}), which completes the handshake. When the SYN-ACK
     * left is not known, so the handshake gives no RTT sample: the initial RTO stays, raised to
     * 3 s as after a lost SYN (RFC 6298 (5.7)).
     */
    void fromCookie(long now, int segSeq, int scaledWindow, TcpOptions synOptions, boolean ecnSetup) {
        c.startReceiving((segSeq - 1) & 0xFFFFFFFFL);
        // a cookie keeps no exact-CE option, and only whether the SYN was an ECN-setup one: classic at most
        handshake.acceptSyn(now, synOptions, scaledWindow, ecnSetup ? TcpHeader.ECE | TcpHeader.CWR : 0, 0);
        handshake.synAckSentStatelessly();
        c.setState(TcpState.SYN_RECEIVED, now);
        keepAlive.heard(now);
    }
}
