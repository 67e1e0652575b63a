package io.tcplab.tools.analyze;

/**
 * One direction's sequence space unwrapped to 64 bits: its own SEQ numbers and the other side's
 * ACK and SACK numbers, which count the same bytes. Each raw value is taken as the nearest to
 * the highest seen so far (within 2^31), so a transfer may cross the 2^32 wrap any number of times.
 */
final class SeqSpace {
    private static final long START = 1L << 32;
    private boolean started;
    private long highest;
    private long origin;

    long unwrap(int raw) {
        if (!started) {
            started = true;
            highest = START + (raw & 0xffffffffL);
            origin = highest;
            return highest;
        }
        long value = highest + (int) (raw - (int) highest);
        highest = Math.max(highest, value);
        return value;
    }

    /** The first value seen; {@link #relative} counts from it unless the SYN set another. */
    long origin() {
        return origin;
    }

    void setOrigin(long isn) {
        origin = isn;
    }

    /** Bytes from the origin: with the SYN seen, the ISN is 0 and the first data byte 1, as Wireshark shows them. */
    long relative(long value) {
        return value - origin;
    }
}
