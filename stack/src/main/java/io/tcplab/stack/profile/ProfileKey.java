package io.tcplab.stack.profile;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.CwndLimited;
import io.tcplab.stack.conn.NagleTest;
import io.tcplab.stack.conn.PacingBurst;
import io.tcplab.stack.conn.PrrBound;
import io.tcplab.stack.recovery.RackRtt;
import io.tcplab.stack.rtt.RtoMinimum;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.Locale;

/**
 * A connection option a profile may set, with the text form of its value: {@code on|off},
 * a whole number, milliseconds ({@code 200ms}) or a choice in lower case ({@code ssrb|linux}).
 * {@link #read} takes the value back from built options, so what {@code tcplab profile show}
 * prints is what a connection gets. A stack behaviour switch (a Linux-versus-RFC choice) is one
 * key here and one option in {@link ConnectionOptions}, read by the mechanism that owns it.
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
    RTO_MINIMUM("rto_minimum") {
        void apply(ConnectionOptions.Builder b, String v) { b.rtoMinimum(choice(this, v, RtoMinimum.class)); }
        public String read(ConnectionOptions o) { return lower(o.rtoMinimum); }
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
    },
    PRR("prr") {
        void apply(ConnectionOptions.Builder b, String v) { b.prr(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.prr); }
    },
    PRR_BOUND("prr_bound") {
        void apply(ConnectionOptions.Builder b, String v) { b.prrBound(choice(this, v, PrrBound.class)); }
        public String read(ConnectionOptions o) { return lower(o.prrBound); }
    },
    RESCUE_RETRANSMISSION("rescue_retransmission") {
        void apply(ConnectionOptions.Builder b, String v) { b.rescueRetransmission(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.rescueRetransmission); }
    },
    ACK_ABOVE_SND_NXT("ack_above_snd_nxt") {
        void apply(ConnectionOptions.Builder b, String v) { b.ackAboveSndNxt(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.ackAboveSndNxt); }
    },
    RACK_RTT("rack_rtt") {
        void apply(ConnectionOptions.Builder b, String v) { b.rackRtt(choice(this, v, RackRtt.class)); }
        public String read(ConnectionOptions o) { return lower(o.rackRtt); }
    },
    DUPACK_CREDIT("dupack_credit") {
        void apply(ConnectionOptions.Builder b, String v) { b.dupAckCredit(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.dupAckCredit); }
    },
    RACK_TIMER_SLACK("rack_timer_slack") {
        void apply(ConnectionOptions.Builder b, String v) { b.rackTimerSlackNanos(millis(this, v)); }
        public String read(ConnectionOptions o) { return millis(o.rackTimerSlackNanos); }
    },
    CWND_LIMITED("cwnd_limited") {
        void apply(ConnectionOptions.Builder b, String v) { b.cwndLimited(choice(this, v, CwndLimited.class)); }
        public String read(ConnectionOptions o) { return lower(o.cwndLimited); }
    },
    NAGLE_TEST("nagle_test") {
        void apply(ConnectionOptions.Builder b, String v) { b.nagleTest(choice(this, v, NagleTest.class)); }
        public String read(ConnectionOptions o) { return lower(o.nagleTest); }
    },
    PACING_BURST("pacing_burst") {
        void apply(ConnectionOptions.Builder b, String v) { b.pacingBurst(choice(this, v, PacingBurst.class)); }
        public String read(ConnectionOptions o) { return lower(o.pacingBurst); }
    },
    UNDO_REORDERING("undo_reordering") {
        void apply(ConnectionOptions.Builder b, String v) { b.undoShowsReordering(onOff(this, v)); }
        public String read(ConnectionOptions o) { return onOff(o.undoShowsReordering); }
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

    private static <E extends Enum<E>> E choice(ProfileKey k, String v, Class<E> type) {
        for (E e : type.getEnumConstants()) {
            if (lower(e).equals(v.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw bad(k, v, Arrays.stream(type.getEnumConstants()).map(ProfileKey::lower).collect(Collectors.joining(" or ")));
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
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
