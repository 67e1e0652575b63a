package io.tcplab.stack.conn;

import io.tcplab.stack.seq.SeqNum;
import io.tcplab.stack.spurious.AckEvidence;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * The parts of one arriving segment that ACK processing reads, as segment arrival settled them:
 * the unwrapped SEG.SEQ, the flags (a simultaneous open's old SYN already removed), the window
 * field, the TSecr when timestamps are in use, and the SACK blocks. One per connection, refilled
 * per segment.
 */
final class ArrivingSegment {
    private long seq;
    private int flags;
    private int windowField;
    private int payloadLength;
    private long tsEcho;
    private TcpOptions options;

    /** {@code tsEcho}: the segment's TSecr (unsigned), or {@link AckEvidence#NO_ECHO} without timestamps. */
    ArrivingSegment set(long seq, int flags, TcpHeader tcp, TcpOptions options, long tsEcho) {
        this.seq = seq;
        this.flags = flags;
        this.windowField = tcp.window();
        this.payloadLength = tcp.payloadLength();
        this.options = options;
        this.tsEcho = tsEcho;
        return this;
    }

    long seq() {
        return seq;
    }

    boolean has(int flagBits) {
        return (flags & flagBits) != 0;
    }

    int flags() {
        return flags;
    }

    /** The segment's options, valid during the call that received it. */
    TcpOptions options() {
        return options;
    }

    int windowField() {
        return windowField;
    }

    int payloadLength() {
        return payloadLength;
    }

    long tsEcho() {
        return tsEcho;
    }

    int sackBlockCount() {
        return options.sackBlockCount();
    }

    /**
     * Unwraps the segment's SACK blocks (RFC 2018 §3) around {@code sndUna} into {@code blocks};
     * at most as many as {@code blocks} holds.
     */
    void sackBlocks(SackBlocks blocks, long sndUna) {
        blocks.clear();
        int n = Math.min(options.sackBlockCount(), SackBlocks.CAPACITY);
        for (int i = 0; i < n; i++) {
            blocks.add(SeqNum.unwrap(options.sackLeft(i), sndUna), SeqNum.unwrap(options.sackRight(i), sndUna));
        }
    }
}
