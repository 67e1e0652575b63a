package io.tcplab.stack.conn;

import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Opening a connection: the SYN or SYN-ACK we send and resend (RFC 9293 §3.5, RFC 6298 (5.5) and
 * (5.7)), and what the handshake agrees on (RFC 7323 §2.2, §3.2 timestamps and window scaling;
 * RFC 2018 §2 SACK; RFC 9293 §3.7.1 MSS; RFC 3168 §6.1.1 ECN and the exact CE echo of
 * docs/stack.md), handed to the parts that use it.
 */
final class Handshake {
    private final Connection c;
    private final ConnectionOptions options;
    private final Sender sender;
    private final SendSequence snd;
    private final Timestamps timestamps;
    private final SegmentEmitter emitter;
    private final PathMtu pathMtu;
    private final KeepAlive keepAlive;
    private final TimerTable timers;

    private boolean scaleAgreed;
    /** Our receiving side echoes CE exactly (RFC 8257 §3.2); settled with ECN. */
    private boolean exactCeEcho;
    /** The peer's SYN or SYN-ACK carried the exact-CE-echo option and we take it up. */
    private boolean exactCeEchoAgreed;
    private long synSentNanos;
    private int synRetransmits;

    Handshake(Connection c, ConnectionOptions options, Sender sender, Timestamps timestamps,
              SegmentEmitter emitter, PathMtu pathMtu, KeepAlive keepAlive, TimerTable timers) {
        this.c = c;
        this.options = options;
        this.sender = sender;
        this.snd = sender.sequence();
        this.timestamps = timestamps;
        this.emitter = emitter;
        this.pathMtu = pathMtu;
        this.keepAlive = keepAlive;
        this.timers = timers;
    }

    /**
     * Agree on the options of the peer's SYN or SYN-ACK; {@code window} is its window field, never
     * scaled (RFC 7323 §2.2). A path MTU reported before caps the segment size.
     */
    void negotiate(TcpOptions peer, int window) {
        int defaultMss = c.localAddress.length == 4 ? 536 : 1220;
        int peerMss = peer.mss() > 0 ? peer.mss() : defaultMss;
        timestamps.agree(options.timestamps && peer.hasTimestamps(), peer.tsVal());
        scaleAgreed = options.windowScale && peer.windowScale() >= 0;
        c.receiver().useWindowShift(scaleAgreed ? ourWindowShift() : 0);
        int mss = Math.max(1, Math.min(peerMss, ourMss()) - (timestamps.agreed() ? Timestamps.OPTION_BYTES : 0));
        int mssLimit = pathMtu.mssLimit();
        if (mssLimit > 0) {
            mss = Math.min(mss, mssLimit);
        }
        sender.negotiated(options.sack && peer.sackPermitted(), mss);
        // RFC 7323 §2.3: shifts above 14 count as 14
        snd.startWindow(window, scaleAgreed ? Math.min(peer.windowScale(), 14) : 0);
    }

    /** A peer's SYN arrived at a listener: agree on its options, ECN ({@code ecnSetup}: an ECN-setup SYN) and the CE echo. */
    void acceptSyn(TcpOptions syn, int window, boolean ecnSetup) {
        negotiate(syn, window);
        offerEcn(ecnSetup);
        settleCeEcho(syn.exactCeEcho());
    }

    /** ECN for what we send: wanted by our options or algorithm and, passively, offered by the peer's SYN. */
    void offerEcn(boolean peerOffered) {
        sender.useEcn(peerOffered && (options.ecn || sender.cc().needsEcn()));
    }

    /** RFC 3168 §6.1.1: only an ECN-setup SYN-ACK (ECE without CWR) agrees to the ECN our SYN offered. */
    void onSynAckFlags(int flags) {
        if (sender.ecn()) {
            sender.useEcn((flags & (TcpHeader.ECE | TcpHeader.CWR)) == TcpHeader.ECE);
        }
    }

    /** This end wants its peer to echo CE exactly: its algorithm needs it or its options ask. */
    private boolean wantsExactCeEcho() {
        return options.exactCeEcho == ExactCeEcho.ON
                || options.exactCeEcho == ExactCeEcho.NEGOTIATE && sender.cc().needsExactCeEcho();
    }

    /**
     * Once ECN is settled, decides how our receiving side echoes CE (docs/stack.md): exactly when
     * ECN is on, our options do not refuse it, and either the peer's SYN or SYN-ACK carried the
     * exact-CE-echo option (it asked, or answered our ask) or we want it ourselves, which is what a
     * Linux receiver whose algorithm is dctcp does without any option.
     */
    void settleCeEcho(boolean peerOption) {
        boolean allowed = sender.ecn() && options.exactCeEcho != ExactCeEcho.OFF;
        exactCeEchoAgreed = allowed && peerOption;
        exactCeEcho = allowed && (peerOption || wantsExactCeEcho());
    }

    boolean exactCeEcho() {
        return exactCeEcho;
    }

    boolean exactCeEchoAgreed() {
        return exactCeEchoAgreed;
    }

    /**
     * {@link ConnectionOptions#mss} is the IPv4 value (MTU − 40); over IPv6, whose header is 20
     * bytes longer (RFC 8200 §3), we announce 20 less so the same MTU carries our largest segment.
     */
    int ourMss() {
        return c.localAddress.length == 16 ? options.mss - 20 : options.mss;
    }

    private int ourWindowShift() {
        return TcpOptions.windowShiftFor(options.receiveBufferBytes);
    }

    /** Our SYN (active open) or SYN-ACK, first or again, with the retransmission timer backed off. */
    void sendSyn(long now, boolean synAck) {
        synSentNanos = now;
        TcpOptions o = c.ctx.output().options();
        o.setMss(ourMss());
        if (synAck ? scaleAgreed : options.windowScale) {
            o.setWindowScale(ourWindowShift());
        }
        if (synAck ? sender.sack() : options.sack) {
            o.setSackPermitted(true);
        }
        if (synAck ? timestamps.agreed() : options.timestamps) {
            o.setTimestamps(timestamps.tsVal(now), synAck ? timestamps.recent() : 0);
        }
        if (synAck ? exactCeEchoAgreed : sender.ecn() && wantsExactCeEcho()) {
            o.setExactCeEcho(true); // only when wanted: every other SYN is as without the option
        }
        int flags = TcpHeader.SYN;
        if (synAck) {
            flags |= TcpHeader.ACK | (sender.ecn() ? TcpHeader.ECE : 0); // RFC 3168 §6.1.1: ECN-setup SYN-ACK
        } else if (sender.ecn()) {
            flags |= TcpHeader.ECE | TcpHeader.CWR; // ECN-setup SYN
        }
        int window = synAck ? c.receiver().windowField(true) : Math.min(options.receiveBufferBytes, 65535);
        emitter.syn(flags, synAck, window);
        snd.synSent();
        // RFC 6298 (5.5): the doubling is bounded by the maximum RTO of (2.5)
        long backedOff = sender.rtt().rto() << Math.min(synRetransmits, 20);
        timers.arm(TimerKind.RTO, now + Math.min(backedOff, options.maxRtoNanos));
    }

    /** The SYN-ACK of a SYN cookie left without us: when is not known, so it counts as resent once. */
    void synAckSentStatelessly() {
        snd.synSent();
        synRetransmits = 1;
    }

    /** The retransmission timer fired before the handshake completed: resend, or false when out of tries. */
    boolean onSynTimer(long now, boolean synAck) {
        if (++synRetransmits > options.synRetries) {
            return false;
        }
        sendSyn(now, synAck);
        return true;
    }

    /**
     * The handshake completed (our SYN is acknowledged): an RTT sample from an unrepeated SYN,
     * else an initial RTO of 3 s from here (RFC 6298 (5.7)); the sender, the ACK rounds and
     * keep-alive start, and the connection is ESTABLISHED (or FIN-WAIT-1 when closed meanwhile).
     */
    void complete(long now) {
        snd.establish();
        if (synRetransmits == 0) {
            sender.rtt().sample(Math.max(1, now - synSentNanos));
        } else {
            sender.rtt().raiseInitialRto(3_000_000_000L);
        }
        sender.onEstablished(now, options.initialWindowSegments);
        c.receiver().onEstablished(now);
        c.acks.onEstablished();
        timers.cancel(TimerKind.RTO);
        c.setState(TcpState.ESTABLISHED, now);
        keepAlive.arm(now);
        if (sender.closeRequested()) {
            c.setState(TcpState.FIN_WAIT_1, now);
        }
        if (c.passive) {
            c.ctx.onPassiveEstablished(c, now);
        }
        c.handler().onEstablished(c, now);
    }
}
