package io.tcplab.tools.link;

/**
 * A queue size: a number of bytes or of packets. {@link #NONE} is no limit at all.
 */
public record Limit(long value, Kind kind) {
    public enum Kind { BYTES, PACKETS }

    public static final Limit NONE = new Limit(Long.MAX_VALUE, Kind.BYTES);

    public Limit {
        if (value < 0) {
            throw new IllegalArgumentException("a limit cannot be negative: " + value);
        }
        if (kind == null) {
            throw new IllegalArgumentException("a limit needs a kind (bytes or packets)");
        }
    }

    public static Limit bytes(long bytes) {
        return new Limit(bytes, Kind.BYTES);
    }

    public static Limit packets(long packets) {
        return new Limit(packets, Kind.PACKETS);
    }

    /** The occupancy this limit measures, in its own unit. */
    public long measure(long packets, long bytes) {
        return kind == Kind.PACKETS ? packets : bytes;
    }

    @Override
    public String toString() {
        if (this.equals(NONE)) {
            return "none";
        }
        return kind == Kind.PACKETS ? value + "p" : value + "B";
    }
}
