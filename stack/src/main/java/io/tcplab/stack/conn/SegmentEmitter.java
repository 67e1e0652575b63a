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
    static final int ECT_1 = 1;
    static final int ECT_0 = 2;

    private final Connection c;
    private final StackContext ctx;
    private final Sender sender;
    private final SendSequence snd;
    private final Timestamps timestamps;
    private final TimerTable timers;
    private final long[] sackLeft = new long[TcpOptions.MAX_SACK_BLOCKS];
    private final long[] sackRight = new long[TcpOptions.MAX_SACK_BLOCKS];
    /** The segment {@link #segmentOptions} last filled carries SACK blocks. */
    private boolean sackCarried;

    SegmentEmitter(Connection c, Sender sender, Timestamps timestamps, TimerTable timers) {
        this.c = c;
        this.ctx = c.ctx;
        this.sender = sender;
        this.snd = sender.sequence();
        this.timestamps = timestamps;
        this.timers = timers;
    }

    /**
     * Bytes the SACK and AccECN options add to the next ACK-bearing segment, beyond the timestamps
     * that smss already allows for. A data segment's payload shrinks by them so that header, options
     * and data stay within what the peer's MSS and the path allow (RFC 9293 §3.7.1: Eff.snd.MSS
     * subtracts the TCP header with its options; Linux tcp_current_mss does the same for SACK blocks
     * and the AccECN option).
     */
    int extraOptionBytes() {
        int wanted = sackBlocksWanted();
        int fields = accEcnFields(wanted);
        if (fields < 0) {
            return TcpOptions.sackOptionLength(wanted);
        }
        int accEcnLength = TcpOptions.accEcnOptionLength(fields);
        return accEcnLength + TcpOptions.sackOptionLength(Math.min(wanted, sackBlocksBeside(accEcnLength)));
    }

    /** SACK blocks the next ACK would carry without an AccECN option (filled into sackLeft/sackRight). */
    private int sackBlocksWanted() {
        if (!sender.sack()) {
            return 0;
        }
        int max = timestamps.agreed() ? TcpOptions.MAX_SACK_BLOCKS - 1 : TcpOptions.MAX_SACK_BLOCKS;
        return c.receiver().sackBlocks(sackLeft, sackRight, max);
    }

    /** SACK blocks that fit beside the timestamps and {@code accEcnLength} option bytes. */
    private int sackBlocksBeside(int accEcnLength) {
        int room = TcpOptions.MAX_LENGTH - (timestamps.agreed() ? Timestamps.OPTION_BYTES : 0) - accEcnLength;
        return Math.max(0, (room - 4) / 8); // NOP, NOP, kind, length, then 8 bytes a block (RFC 2018 §3)
    }

    /**
     * The AccECN option's fields on the next ACK-bearing segment, -1 for none (RFC 9768 §3.2.3.3):
     * when the receiving half has one due, and it leaves room for two SACK blocks (or as many as
     * are wanted, if fewer) — loss feedback goes first; a due option that does not fit is omitted.
     */
    private int accEcnFields(int sackWanted) {
        int fields = c.accReceiver.optionFieldsDue();
        if (fields < 0) {
            return -1;
        }
        int length = TcpOptions.accEcnOptionLength(fields);
        int room = TcpOptions.MAX_LENGTH - (timestamps.agreed() ? Timestamps.OPTION_BYTES : 0);
        boolean fits = sackWanted == 0 ? length <= room : sackBlocksBeside(length) >= Math.min(sackWanted, 2);
        return fits ? fields : -1;
    }

    /**
     * Options of an ACK-bearing segment: timestamps, the AccECN option when due, SACK blocks.
     * Returns whether the AccECN option is among them; {@link #sackCarried} says whether SACK blocks are.
     */
    private boolean segmentOptions(long now) {
        TcpOptions o = ctx.output().options();
        if (timestamps.agreed()) {
            o.setTimestamps(timestamps.tsVal(now), timestamps.recent());
        }
        int wanted = sackBlocksWanted();
        int fields = accEcnFields(wanted);
        if (fields >= 0) {
            c.accReceiver.fillOption(o, fields);
        }
        int n = Math.min(wanted, o.maxSackBlocks());
        for (int i = 0; i < n; i++) {
            o.addSackBlock(SeqNum.wrap(sackLeft[i]), SeqNum.wrap(sackRight[i]));
        }
        sackCarried = n > 0;
        return fields >= 0;
    }

    /**
     * The ECN flags of an ACK-bearing segment: under AccECN the ACE field (RFC 9768 §3.2.2.2, or
     * §3.2.2.1's handshake encoding on a pure ACK without SACK blocks), else RFC 3168's ECE while
     * latched.
     */
    private int ecnFlags(boolean pureWithoutSack) {
        if (c.handshake.accEcn()) {
            return c.accReceiver.aceFlags(pureWithoutSack);
        }
        return c.receiver().eceLatched() ? ECE : 0;
    }

    /**
     * A data and/or FIN segment from the send buffer; {@code flags}: FIN and CWR as it needs them
     * (ACK, ECE and PSH are added here); {@code ecn}: its IP ECN codepoint.
     */
    void data(long now, long seq, int len, int flags, int ecn) {
        boolean option = segmentOptions(now);
        flags |= ACK | ecnFlags(false);
        var buffer = sender.buffer();
        if (len > 0 && seq + len == buffer.endSeq()) {
            flags |= PSH;
        }
        int first = len == 0 ? 0 : Math.min(len, buffer.readableAt(seq));
        int at = len == 0 ? 0 : buffer.positionOf(seq);
        ackBearing(now, seq, flags, ecn, buffer.view(), at, first, len - first);
        c.accReceiver.onAckSent(option, false);
    }

    /** A zero-window or keep-alive probe: an old sequence number the peer must answer with an ACK. */
    void probe(long now, long seq) {
        boolean option = segmentOptions(now);
        ackBearing(now, seq, ACK | (c.handshake.accEcn() ? ecnFlags(false) : 0), 0, null, 0, 0, 0);
        c.accReceiver.onAckSent(option, false);
    }

    /** A pure ACK (RFC 9293 §3.10.7.4: <SEQ=SND.NXT><ACK=RCV.NXT><CTL=ACK>). */
    void ack(long now) {
        boolean option = segmentOptions(now);
        boolean withoutSack = !sackCarried;
        boolean handshakeEncoded = withoutSack && c.handshake.accEcn() && c.accReceiver.handshakeEchoOwed();
        ackBearing(now, snd.nxt(), ACK | ecnFlags(withoutSack), 0, null, 0, 0, 0);
        c.accReceiver.onAckSent(option, handshakeEncoded);
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
     * acknowledges the peer's SYN with our first window. A SYN may carry the first {@code data}
     * bytes of the send buffer (Fast Open).
     */
    void syn(int flags, boolean synAck, int window, int data) {
        Receiver receiver = c.receiver();
        long ack = synAck ? receiver.rcvNxt() : 0;
        if (data > 0) { // a Fast Open SYN's data, the send buffer's first bytes (RFC 7413 §4.2.1)
            var buffer = sender.buffer();
            long first = snd.iss() + 1;
            int a = Math.min(data, buffer.readableAt(first));
            ctx.output().send(c.localAddress, c.remoteAddress, c.localPort, c.remotePort, SeqNum.wrap(snd.iss()),
                    0, flags, window, 0, buffer.view(), buffer.positionOf(first), a, 0, data - a);
            return;
        }
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
