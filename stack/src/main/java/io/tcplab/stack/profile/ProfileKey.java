package io.tcplab.stack.profile;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.Locale;

/**
 * A connection option a profile may set, with the text form of its value: {@code on|off},
 * a whole number, or milliseconds ({@code 200ms}). {@link #read} takes the value back from built
 * options, so what {@code tcplab profile show} prints is what a connection gets. A later stack
 * behaviour switch (a Linux-versus-RFC choice) becomes one more key here and one option in
 * {@link ConnectionOptions}.
 */
public enum ProfileKey {
    SACK("sack") {
        void apply(ConnectionOptions.Builder b, String v) { b.sack(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.sack); }
    },
    TIMESTAMPS("timestamps") {
        void apply(ConnectionOptions.Builder b, String v) { b.timestamps(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.timestamps); }
    },
    MSS("mss") {
        void apply(ConnectionOptions.Builder b, String v) { b.mss(whole(this, v)); }
        public String read(ConnectionOptions o) { return Integer.toString(o.mss); }
    },
    INITIAL_WINDOW("initial_window") {
        void apply(ConnectionOptions.Builder b, String v) { b.initialWindowSegments(whole(this, v)); }
        public String read(ConnectionOptions o) { return Integer.toString(o.initialWindowSegments); }
    },
    INITIAL_RTO("initial_rto") {
        void apply(ConnectionOptions.Builder b, String v) { b.initialRtoNanos(millis(this, v)); }
        public String read(ConnectionOptions o) { return millis(o.initialRtoNanos); }
    },
    MIN_RTO("min_rto") {
        void apply(ConnectionOptions.Builder b, String v) { b.minRtoNanos(millis(this, v)); }
        public String read(ConnectionOptions o) { return millis(o.minRtoNanos); }
    },
    MAX_RTO("max_rto") {
        void apply(ConnectionOptions.Builder b, String v) { b.maxRtoNanos(millis(this, v)); }
        public String read(ConnectionOptions o) { return millis(o.maxRtoNanos); }
    },
    DELAYED_ACK("delayed_ack") {
        void apply(ConnectionOptions.Builder b, String v) { b.delayedAck(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.delayedAck); }
    },
    DELAYED_ACK_TIMEOUT("delayed_ack_timeout") {
        void apply(ConnectionOptions.Builder b, String v) { b.delayedAckNanos(millis(this, v)); }
        public String read(ConnectionOptions o) { return millis(o.delayedAckNanos); }
    },
    QUICK_ACKS("quick_acks") {
        void apply(ConnectionOptions.Builder b, String v) { b.quickAckSegments(whole(this, v)); }
        public String read(ConnectionOptions o) { return Integer.toString(o.quickAckSegments); }
    };

    private static final long MS = 1_000_000L;
    private final String key;

    ProfileKey(String key) {
        this.key = key;
    }

    /** The name {@code tcplab profile show} and docs/stack.md use. */
    public String key() {
        return key;
    }

    abstract void apply(ConnectionOptions.Builder b, String value);

    /** This option's value in {@code options}, in the same text form a profile writes. */
    public abstract String read(ConnectionOptions options);

    private static boolean onOff(ProfileKey k, String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw bad(k, v, "on or off");
        };
    }

    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }

    private static int whole(ProfileKey k, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw bad(k, v, "a whole number");
        }
    }

    private static long millis(ProfileKey k, String v) {
        if (!v.endsWith("ms")) {
            throw bad(k, v, "milliseconds such as 200ms");
        }
        return whole(k, v.substring(0, v.length() - 2)) * MS;
    }

    private static String millis(long nanos) {
        return nanos % MS == 0 ? nanos / MS + "ms" : nanos / 1e6 + "ms";
    }

    private static IllegalArgumentException bad(ProfileKey k, String v, String allowed) {
        return new IllegalArgumentException("profile value " + k.key + " = '" + v + "' (allowed: " + allowed + ")");
    }
}
