package io.tcplab.stack.conn;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Opening a connection: the SYN or SYN-ACK we send and resend (RFC 9293 §3.5, RFC 6298 (5.5) and
 * (5.7)), and what the handshake agrees on (RFC 7323 §2.2, §3.2 timestamps and window scaling;
 * RFC 2018 §2 SACK; RFC 9293 §3.7.1 MSS; RFC 3168 §6.1.1 ECN, RFC 9768 §3.1 Accurate ECN and
 * the exact CE echo of docs/stack.md), handed to the parts that use it.
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
    /** Both halves are in AccECN feedback mode (RFC 9768 §3.1.1). */
    private boolean accEcn;
    /** The (AE,CWR,ECE) of our SYN-ACK in AccECN mode: the IP-ECN field of the latest SYN (table 2, §3.1.5). */
    private int synAckAce;
    /** Our receiving side echoes CE exactly (RFC 8257 §3.2); settled with ECN. */
    private boolean exactCeEcho;
    /** The peer's SYN or SYN-ACK carried the exact-CE-echo option and we take it up. */
    private boolean exactCeEchoAgreed;
    private long synSentNanos;
    private int synRetransmits;
    /** How often our SYN or SYN-ACK is sent again before the open fails: the options', unless changed since. */
    private int synRetries;
    /** A Fast Open connection of a listener, sending since its SYN (RFC 7413 §4.2.2). */
    private boolean fastOpenChild;
    /** The data of a SYN was acknowledged whole: the peer's, by us, or ours, by the peer (Linux's TCPI_OPT_SYN_DATA). */
    private boolean synDataAcknowledged;
    /** The cookie our first SYN-ACK answers a Fast Open option with, or null. */
    private byte[] answerCookie;
    private boolean answerCookieExperimental;
    /** An active open's Fast Open (RFC 7413 §4.1, §4.2.1). */
    private final FastOpenClient fastOpenClient;

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
        this.fastOpenClient = new FastOpenClient(c, sender, options.fastOpen);
        this.synRetries = options.synRetries;
    }

    /** A new limit on retransmissions of the SYN or SYN-ACK, from the next timeout on (Linux TCP_SYNCNT). */
    void setSynRetries(int retries) {
        synRetries = retries;
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

    /**
     * A peer's SYN arrived at a listener, or at us in SYN-SENT (simultaneous open, which RFC 9768
     * §3.1.2 answers as a listener would): agree on its options, the ECN feedback its {@code flags}
     * ask for (the SYN's IP-ECN field was {@code ipEcn}) and the CE echo.
     */
    void acceptSyn(long now, TcpOptions syn, int window, int flags, int ipEcn) {
        negotiate(syn, window);
        acceptEcn(now, flags, ipEcn);
        settleCeEcho(syn.exactCeEcho());
    }

    /**
     * RFC 9768 §3.1.1–§3.1.3 for a server: set to AccECN, any (AE,CWR,ECE) but (0,0,0) and
     * (0,1,1) asks for AccECN (the reserved ones too, §3.1.3), and the SYN-ACK feeds back the
     * SYN's IP-ECN field; a classic ECN-setup SYN (ECE and CWR, RFC 3168 §6.1.1) gets classic ECN
     * (table 2, third block), as it does on a classic end, whatever AE says.
     */
    private void acceptEcn(long now, int flags, int ipEcn) {
        boolean wanted = options.ecn || sender.cc().needsEcn();
        int ace = TcpHeader.ace(flags);
        if (options.ecnMode == EcnMode.ACCECN && ace != 0 && ace != 0b011) {
            accEcn = true;
            sender.useEcn(true);
            synAckAce = HandshakeEncoding.aceOf(ipEcn);
            c.accReceiver.start(0);
            c.accSender.start();
            c.trace(now, TraceEvent.ACCECN, "negotiated", snd.iss(), 0);
            return;
        }
        sender.useEcn(wanted && (flags & (TcpHeader.ECE | TcpHeader.CWR)) == (TcpHeader.ECE | TcpHeader.CWR));
    }

    /** An active open offers ECN when our options or our algorithm want it (RFC 3168 §6.1.1, RFC 9768 §3.1.1). */
    void offerEcn() {
        sender.useEcn(options.ecn || sender.cc().needsEcn());
    }

    /** Our SYN asks for AccECN (RFC 9768 §3.1.1). */
    private boolean offersAccEcn() {
        return options.ecnMode == EcnMode.ACCECN;
    }

    /**
     * The SYN-ACK's flags settle the ECN our SYN offered. RFC 3168 §6.1.1: ECE without CWR agrees
     * to classic ECN. RFC 9768 table 2 after an AccECN SYN: the four codepoints of its top block
     * and the reserved (1,0,1) (§3.1.3, as if the SYN arrived unchanged) agree to AccECN, (0,0,1)
     * to classic ECN, (0,0,0) and the broken reflection (1,1,1) to none. In AccECN mode the
     * SYN-ACK's IP-ECN field {@code ipEcn} is fed back (§3.2.2.1) and its options tested
     * (§3.2.3.2.3–4).
     */
    void onSynAck(long now, int flags, int ipEcn, TcpOptions synAck) {
        if (!sender.ecn()) {
            return;
        }
        int ace = TcpHeader.ace(flags);
        if (!offersAccEcn()) {
            sender.useEcn((flags & (TcpHeader.ECE | TcpHeader.CWR)) == TcpHeader.ECE);
            return;
        }
        int synArrivedAs = ace == 0b101 ? 0 : HandshakeEncoding.ipEcnOf(ace);
        if (synArrivedAs < 0) {
            sender.useEcn(ace == 0b001); // classic ECN, or none after (0,0,0) and (1,1,1)
            c.trace(now, TraceEvent.ACCECN, ace == 0b001 ? "classic" : "off", snd.iss(), 0);
            return;
        }
        accEcn = true;
        c.accReceiver.start(2); // §3.2.3.2.1: the option on the ACK of the SYN-ACK and on the first data
        c.accReceiver.onSynAck(ipEcn);
        c.accSender.start();
        c.accSender.onSynAckFeedback(synArrivedAs, synAck);
        c.trace(now, TraceEvent.ACCECN, "negotiated", snd.iss(), 0);
    }

    /**
     * A SYN arrived again in SYN-RECEIVED (RFC 9768 §3.1.5): in AccECN mode the next SYN-ACK feeds
     * back its IP-ECN field, and a SYN without ECN flags means we may never send ECT.
     */
    void onSynAgain(int flags, int ipEcn) {
        if (accEcn) {
            synAckAce = HandshakeEncoding.aceOf(ipEcn);
            if (TcpHeader.ace(flags) == 0) {
                c.accSender.disableEct();
            }
        }
    }

    /** Both halves are in AccECN feedback mode. */
    boolean accEcn() {
        return accEcn;
    }

    /** What ECN feedback the handshake settled on. */
    EcnMode ecnMode() {
        return accEcn ? EcnMode.ACCECN : sender.ecn() ? EcnMode.CLASSIC : EcnMode.OFF;
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
        // only with classic ECN: AccECN feeds every CE mark back by itself (RFC 9768 §3.2)
        boolean allowed = sender.ecn() && !accEcn && options.exactCeEcho != ExactCeEcho.OFF;
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

    /** The listener answers the SYN's Fast Open option with {@code cookie} (null: with none), in the SYN's form. */
    void answerCookie(byte[] cookie, boolean experimental) {
        answerCookie = cookie == null ? null : cookie.clone();
        answerCookieExperimental = experimental;
    }

    /**
     * A passive Fast Open connection (RFC 7413 §4.2.2): sending starts at the SYN — the window and
     * the algorithm, the receiver's clock and the first round — as Linux's tcp_fastopen_create_child
     * starts them, and the handshake's completion later leaves them running.
     */
    void startFastOpenChild(long now) {
        fastOpenChild = true;
        startSending(now);
    }

    boolean fastOpenChild() {
        return fastOpenChild;
    }

    /** The SYN's data was taken whole (passive) or acknowledged whole by the SYN-ACK (active). */
    void synDataAcknowledged() {
        synDataAcknowledged = true;
    }

    /** Linux's TCPI_OPT_SYN_DATA: a SYN's data was acknowledged whole. */
    boolean synDataAcked() {
        return synDataAcknowledged;
    }

    /** Whether the handshake agreed on window scaling (RFC 7323 §2.2). */
    boolean windowScaleAgreed() {
        return scaleAgreed;
    }

    /** An active open with Fast Open reads the stack's cache: true when the SYN is to wait for the first write. */
    boolean deferSynForData() {
        return fastOpenClient.open();
    }

    /** The SYN waits for the application's first write, whose bytes it will carry (Linux's deferred connect). */
    boolean synWaitsForData() {
        return fastOpenClient.deferred();
    }

    /** Bytes the waiting SYN may carry (RFC 7413 §4.2.1, sized as Linux's tcp_send_syn_data). */
    int synDataRoom() {
        return fastOpenClient.synDataRoom(ourMss(), pathMtu.mssLimit());
    }

    /**
     * The SYN-ACK of a Fast Open SYN acknowledged up to {@code ack}: the cache learns from it,
     * and whether the SYN's data was acknowledged whole is kept (Linux's TCPI_OPT_SYN_DATA).
     */
    void onFastOpenSynAck(TcpOptions synAck, long ack) {
        long dataEnd = snd.iss() + 1 + fastOpenClient.synData();
        if (fastOpenClient.onSynAck(synAck, ack, dataEnd, synRetransmits > 0)) {
            synDataAcknowledged = true;
        }
    }

    /** Our SYN (active open) or SYN-ACK, first or again, with the retransmission timer backed off. */
    void sendSyn(long now, boolean synAck) {
        synSentNanos = now;
        int data = 0;
        if (!synAck && synRetransmits == 0) {
            data = fastOpenClient.deferred()
                    ? (int) Math.min(sender.dataEnd() - (snd.iss() + 1), synDataRoom()) : 0;
            fastOpenClient.sendingSyn(data);
        }
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
        int flags = TcpHeader.SYN | (synAck ? TcpHeader.ACK | synAckEcnFlags(o) : synEcnFlags());
        if (synAck && answerCookie != null && synRetransmits == 0) {
            addFastOpenOption(o, answerCookie, answerCookie.length, answerCookieExperimental); // the first SYN-ACK only, as Linux
        } else if (!synAck) {
            fastOpenClient.addOption(o, synRetransmits > 0);
        }
        int window = synAck ? c.receiver().windowField(true) : Math.min(options.receiveBufferBytes, 65535);
        emitter.syn(flags, synAck, window, data);
        snd.synSent();
        if (data > 0) {
            snd.sent(data, false);
        }
        // RFC 6298 (5.5): the doubling is bounded by the maximum RTO of (2.5)
        long backedOff = sender.rtt().rto() << Math.min(synRetransmits, 20);
        timers.arm(TimerKind.RTO, now + Math.min(backedOff, options.maxRtoNanos));
    }

    /** The Fast Open option with {@code length} bytes of {@code cookie}, when it fits beside the others (Linux tcp_syn_options). */
    private static void addFastOpenOption(TcpOptions o, byte[] cookie, int length, boolean experimental) {
        if (o.encodedLength() + TcpOptions.fastOpenOptionLength(length, experimental) <= TcpOptions.MAX_LENGTH) {
            o.setFastOpen(cookie, 0, length, experimental);
        }
    }

    /**
     * The ECN flags of our SYN. RFC 3168 §6.1.1: ECE and CWR ask for classic ECN. RFC 9768
     * §3.1.1: AE too asks for AccECN, on the first SYN and its first retransmission; later ones go
     * without any (§3.1.4.1), in case a middlebox drops them.
     */
    private int synEcnFlags() {
        if (!sender.ecn()) {
            return 0;
        }
        if (offersAccEcn()) {
            return synRetransmits < 2 ? TcpHeader.AE | TcpHeader.CWR | TcpHeader.ECE : 0;
        }
        return TcpHeader.ECE | TcpHeader.CWR;
    }

    /**
     * The ECN flags of our SYN-ACK, and the AccECN option it carries. RFC 3168 §6.1.1: ECE agrees
     * to classic ECN. RFC 9768 §3.1.1: in AccECN mode the flags feed back the SYN's IP-ECN field,
     * and the first SYN-ACK carries the option (§3.2.3.2.1); a retransmission goes without the
     * option, a second one without ECN flags, after which we never send ECT (§3.2.3.2.2, §3.1.5).
     */
    private int synAckEcnFlags(TcpOptions o) {
        if (!accEcn) {
            return sender.ecn() ? TcpHeader.ECE : 0;
        }
        if (synRetransmits == 0) {
            c.accReceiver.fillOption(o, 3);
        }
        if (synRetransmits >= 2) {
            c.accSender.disableEct();
            return 0;
        }
        return TcpHeader.aceFlags(synAckAce);
    }

    /** The SYN-ACK of a SYN cookie left without us: when is not known, so it counts as resent once. */
    void synAckSentStatelessly() {
        snd.synSent();
        synRetransmits = 1;
    }

    /** The retransmission timer fired before the handshake completed: resend, or false when out of tries. */
    boolean onSynTimer(long now, boolean synAck) {
        if (++synRetransmits > synRetries) {
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
        establish(now);
        announce(now);
    }

    /**
     * An active open's completion: RFC 9293 §3.10.7.3 forms the ACK of the SYN-ACK on entering
     * ESTABLISHED, so it leaves before whatever the application writes when told, as Linux's
     * tcp_rcv_synsent_state_process sends it (tcp_send_ack) before the socket wakes its writer.
     * Sent after the application's first data instead, it was a redundant pure ACK. Data already
     * waiting — queued in SYN-SENT, or a Fast Open SYN's that the SYN-ACK did not acknowledge —
     * leaves at once and carries the ACK instead (§3.10.7.3 allows it).
     */
    void completeActive(long now) {
        establish(now);
        if (snd.outstanding() > 0) {
            fastOpenClient.resendSynData(now, synSentNanos);
        }
        if (!sender.sendWaiting(now)) {
            emitter.ack(now);
        }
        announce(now);
    }

    private void establish(long now) {
        snd.establish();
        if (synRetransmits == 0) {
            sender.rtt().sample(Math.max(1, now - synSentNanos));
        } else {
            sender.rtt().raiseInitialRto(3_000_000_000L);
        }
        if (!fastOpenChild) {
            startSending(now);
        }
        if (c.accSender.takeHandshakeCe()) {
            sender.recovery().onHandshakeCe(now); // RFC 9768 §3.2.2.2: a CE mark the handshake fed back
        }
        if (snd.outstanding() > 0) {
            timers.arm(TimerKind.RTO, now + sender.rtt().rto()); // data sent with or since the SYN is still out
        } else {
            timers.cancel(TimerKind.RTO);
        }
        c.setState(TcpState.ESTABLISHED, now);
        keepAlive.arm(now);
        if (sender.closeRequested()) {
            c.setState(TcpState.FIN_WAIT_1, now);
        }
    }

    /** The window, the algorithm, the receiver's clock and the first round start. */
    private void startSending(long now) {
        sender.onEstablished(now, options.initialWindowSegments);
        c.receiver().onEstablished(now);
        c.acks.onEstablished();
    }

    /** The listener and the application learn of the connection. */
    private void announce(long now) {
        if (c.passive) {
            c.ctx.onPassiveEstablished(c, now);
        }
        c.handler().onEstablished(c, now);
    }
}
