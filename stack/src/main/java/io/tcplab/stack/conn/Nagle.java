package io.tcplab.stack.conn;

/**
 * Nagle's algorithm (RFC 9293 §3.7.4, RFC 896) for one connection: whether a new segment shorter
 * than a full one waits for unacknowledged data — any data under {@link NagleTest#RFC}, only an
 * earlier short segment under {@link NagleTest#MINSHALL}. Off when {@link ConnectionOptions#nagle}
 * is (TCP_NODELAY).
 */
final class Nagle {
    private final boolean on;
    private final NagleTest test;
    private final SendSequence seq;
    /** The end of the last new segment sent shorter than a full one (Linux snd_sml), for Minshall's test. */
    private long smallSentEnd = -1;

    Nagle(ConnectionOptions options, SendSequence seq) {
        this.on = options.nagle;
        this.test = options.nagleTest;
        this.seq = seq;
    }

    /**
     * Whether a short segment from SND.NXT waits: never when it carries the FIN ({@code closes}) or
     * when a record end cuts it short with data behind it ({@code recordEnds}).
     */
    boolean holdsBack(boolean closes, boolean recordEnds) {
        return on && unacknowledged() && !closes && !recordEnds;
    }

    /** A segment shorter than a full one leaves, ending at {@code end}. */
    void sentShort(long end) {
        smallSentEnd = end;
    }

    /** Nagle's test: data is unacknowledged (RFC 9293), or under Minshall's rule an earlier small segment is. */
    private boolean unacknowledged() {
        if (test == NagleTest.MINSHALL) {
            return smallSentEnd > seq.una() && smallSentEnd <= seq.nxt();
        }
        return !seq.dataAllAcked();
    }
}
