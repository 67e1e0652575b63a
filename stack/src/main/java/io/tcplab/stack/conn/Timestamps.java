package io.tcplab.stack.conn;

/**
 * RFC 7323 timestamps for one connection: whether the handshake agreed on them, our TSval clock
 * (offset at random, §5.4), TS.Recent with the Last.ACK.sent it is updated against (§4.3), and
 * PAWS (§5.3).
 */
final class Timestamps {
    /** The TSval and TSecr fields with their kind and length, as every segment carries them. */
    static final int OPTION_BYTES = 12;
    private final long tickNanos;
    private final int offset;
    private boolean agreed;
    private int recent;
    private boolean recentValid;
    private long lastAckSent;

    Timestamps(long tickNanos, int offset) {
        this.tickNanos = tickNanos;
        this.offset = offset;
    }

    /** The handshake settled timestamps; when on, the peer's SYN TSval is the first TS.Recent. */
    void agree(boolean on, int peerTsVal) {
        agreed = on;
        if (on) {
            recent = peerTsVal;
            recentValid = true;
        }
    }

    boolean agreed() {
        return agreed;
    }

    /** Our timestamp clock at {@code now}, which is also our TSval. */
    int tsVal(long now) {
        return (int) (now / tickNanos) + offset;
    }

    /** TS.Recent, echoed as TSecr. */
    int recent() {
        return recent;
    }

    /** §5.3 R1: a segment whose TSval is older than TS.Recent is rejected. */
    boolean pawsRejects(int tsVal) {
        return recentValid && tsVal - recent < 0;
    }

    /** §4.3 (2): TS.Recent takes the TSval of a segment that covers our last ACK, unless it is older. */
    void updateRecent(long segSeq, int tsVal) {
        if (segSeq <= lastAckSent && tsVal - recent >= 0) {
            recent = tsVal;
        }
    }

    /** A segment acknowledging {@code ack} left (Last.ACK.sent). */
    void onAckSent(long ack) {
        lastAckSent = ack;
    }
}
