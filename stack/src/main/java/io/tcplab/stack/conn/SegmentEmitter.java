package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.seq.SeqNum;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Builds every segment a connection sends: data, pure ACKs and probes with their options
 * (timestamps, RFC 7323 §3.2; SACK and D-SACK blocks, RFC 2018 §4, RFC 2883), SYNs, RSTs and
 * challenge ACKs (RFC 5961). Each carries the current ACK and window; sending one marks the ACK
 * as sent for the receiver, TS.Recent and the delayed-ACK timer.
 */
final class SegmentEmitter {
    private static final int RST = TcpHeader.RST;
    private static final int PSH = TcpHeader.PSH;
    private static final int ACK = TcpHeader.ACK;
    private static final int ECE = TcpHeader.ECE;
    /** RFC 3168 §5: the IP ECN codepoints a data segment goes with. */
    static final int NOT_ECT = 0;
    static final int ECT_0 = 2;

    private final Connection c;
    private final StackContext ctx;
    private final Sender sender;
    private final SendSequence snd;
    private final Timestamps timestamps;
    private final TimerTable timers;
    private final long[] sackLeft = new long[TcpOptions.MAX_SACK_BLOCKS];
    private final long[] sackRight = new long[TcpOptions.MAX_SACK_BLOCKS];

    SegmentEmitter(Connection c, Sender sender, Timestamps timestamps, TimerTable timers) {
        this.c = c;
        this.ctx = c.ctx;
        this.sender = sender;
        this.snd = sender.sequence();
        this.timestamps = timestamps;
        this.timers = timers;
    }

    /**
     * Bytes the SACK option adds to the next ACK-bearing segment, beyond the timestamps that smss
     * already allows for. A data segment's payload shrinks by them so that header, options and data
     * stay within what the peer's MSS and the path allow (RFC 9293 §3.7.1: Eff.snd.MSS subtracts the
     * TCP header with its options; Linux tcp_current_mss does the same for SACK blocks).
     */
    int sackOptionBytes() {
        if (!sender.sack()) {
            return 0;
        }
        int max = timestamps.agreed() ? TcpOptions.MAX_SACK_BLOCKS - 1 : TcpOptions.MAX_SACK_BLOCKS;
        return TcpOptions.sackOptionLength(c.receiver().sackBlocks(sackLeft, sackRight, max));
    }

    /** Options of an ACK-bearing segment: timestamps and SACK blocks. */
    private void segmentOptions(long now) {
        TcpOptions o = ctx.output().options();
        if (timestamps.agreed()) {
            o.setTimestamps(timestamps.tsVal(now), timestamps.recent());
        }
        if (sender.sack()) {
            int n = c.receiver().sackBlocks(sackLeft, sackRight, o.maxSackBlocks());
            for (int i = 0; i < n; i++) {
                o.addSackBlock(SeqNum.wrap(sackLeft[i]), SeqNum.wrap(sackRight[i]));
            }
        }
    }

    /**
     * A data and/or FIN segment from the send buffer; {@code flags}: FIN and CWR as it needs them
     * (ACK, ECE and PSH are added here); {@code ecn}: its IP ECN codepoint.
     */
    void data(long now, long seq, int len, int flags, int ecn) {
        segmentOptions(now);
        flags |= ACK | (c.receiver().eceLatched() ? ECE : 0);
        var buffer = sender.buffer();
        if (len > 0 && seq + len == buffer.endSeq()) {
            flags |= PSH;
        }
        int first = len == 0 ? 0 : Math.min(len, buffer.readableAt(seq));
        int at = len == 0 ? 0 : buffer.positionOf(seq);
        ackBearing(now, seq, flags, ecn, buffer.view(), at, first, len - first);
    }

    /** A zero-window or keep-alive probe: an old sequence number the peer must answer with an ACK. */
    void probe(long now, long seq) {
        segmentOptions(now);
        ackBearing(now, seq, ACK, 0, null, 0, 0, 0);
    }

    /** A pure ACK (RFC 9293 §3.10.7.4: <SEQ=SND.NXT><ACK=RCV.NXT><CTL=ACK>). */
    void ack(long now) {
        segmentOptions(now);
        int flags = ACK | (c.receiver().eceLatched() ? ECE : 0);
        ackBearing(now, snd.nxt(), flags, 0, null, 0, 0, 0);
    }

    private void ackBearing(long now, long seq, int flags, int ecn, ByteBuf data, int at, int first, int second) {
        Receiver receiver = c.receiver();
        long ack = receiver.rcvNxt();
        int window = receiver.windowField(false);
        ctx.output().send(c.localAddress, c.remoteAddress, c.localPort, c.remotePort, SeqNum.wrap(seq),
                SeqNum.wrap(ack), flags, window, ecn, data, at, first, 0, second);
        receiver.onAckSent();
        timestamps.onAckSent(ack);
        timers.cancel(TimerKind.DELAYED_ACK);
    }

    /**
     * A SYN or SYN-ACK with the options already set in the output's {@link TcpOptions}; a SYN-ACK
     * acknowledges the peer's SYN with our first window.
     */
    void syn(int flags, boolean synAck, int window) {
        Receiver receiver = c.receiver();
        long ack = synAck ? receiver.rcvNxt() : 0;
        ctx.output().send(c.localAddress, c.remoteAddress, c.localPort, c.remotePort, SeqNum.wrap(snd.iss()),
                SeqNum.wrap(ack), flags, window, 0);
        if (synAck) {
            receiver.onAckSent();
            timestamps.onAckSent(ack);
        }
    }

    /**
     * The RST of an abort (RFC 9293 §3.10.5: <SEQ=SND.NXT><CTL=RST>); like Linux it also carries the
     * ACK and our timestamps, which a peer checking PAWS or the ACK field may want.
     */
    void abortReset(long now) {
        TcpOptions o = ctx.output().options();
        if (timestamps.agreed()) {
            o.setTimestamps(timestamps.tsVal(now), timestamps.recent());
        }
        Receiver receiver = c.receiver();
        ctx.output().send(c.localAddress, c.remoteAddress, c.localPort, c.remotePort, SeqNum.wrap(snd.nxt()),
                SeqNum.wrap(receiver.rcvNxt()), RST | ACK, receiver.windowField(false), 0);
        ctx.stats().countResetSent();
    }

    /** RFC 5961 §3.2, §4.2, §5.2: an ACK that proves we are in sync, rate-limited per stack. */
    void challengeAck(long now) {
        if (ctx.allowChallengeAck(now)) {
            ctx.stats().countChallengeAck();
            ack(now);
        }
    }

    /** A RST answering a segment that has no place here, with the raw numbers it quotes. */
    void reset(int seq, int ack, boolean withAck) {
        ctx.output().sendBare(c.localAddress, c.remoteAddress, c.localPort, c.remotePort, seq, ack,
                RST | (withAck ? ACK : 0), 0);
        ctx.stats().countResetSent();
    }
}
