package io.tcplab.stack.seq;

/**
 * The edge between the wire's 32-bit sequence space and the connection's 64-bit unwrapped
 * sequence numbers. Inside the connection every sequence number is a {@code long} that never
 * wraps, so only the code that reads or writes headers needs this class.
 */
public final class SeqNum {
    private SeqNum() {}

    /**
     * The 64-bit value nearest to {@code reference} whose low 32 bits are {@code wire}.
     * The signed 32-bit distance (RFC 9293 §3.4 modular arithmetic) decides the direction;
     * at exactly 2^31 apart, where RFC 9293 leaves the order undefined, the value below the
     * reference is chosen (the int subtraction yields -2^31), so the answer is deterministic.
     * The result can be negative when the reference is within 2^31 of zero; a connection that
     * starts its unwrapped numbers at ISS + 2^32 never sees that.
     */
    public static long unwrap(int wire, long reference) {
        int delta = wire - (int) reference;
        return reference + delta;
    }

    /** The low 32 bits that go on the wire. */
    public static int wrap(long seq) {
        return (int) seq;
    }

    /** a &lt; b in modular order (RFC 9293 §3.4). */
    public static boolean lt(int a, int b) {
        return a - b < 0;
    }

    /** a &lt;= b in modular order. */
    public static boolean le(int a, int b) {
        return a - b <= 0;
    }

    /** a &gt; b in modular order. */
    public static boolean gt(int a, int b) {
        return a - b > 0;
    }

    /** a &gt;= b in modular order. */
    public static boolean ge(int a, int b) {
        return a - b >= 0;
    }
}
