package io.tcplab.tools.link;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Timed changes of one link's settings, e.g. {@code delay=1s@10s,delay=50ms@11s}: at 10 s the
 * delay becomes 1 s, at 11 s it is back to 50 ms. Whoever owns the clock applies each change at
 * its time; changes at the same time apply in the order written.
 *
 * <p>One key is not a setting: {@code stall=DURATION@TIME} holds the link for DURATION from TIME
 * ({@link Link#stall}). Departures are decided when packets are offered, so stalls are handed to
 * the link before the run ({@link #installStalls}) rather than applied at their time; the
 * setting changes are {@link #settings()}.
 */
public record LinkSchedule(List<Change> changes) {

    public static final String STALL = "stall";

    /**
     * At {@code atNanos}, {@code key} becomes {@code value} (keys and values as in
     * {@link LinkParams#set}), or, for {@link #STALL}, the link holds for {@code value}.
     */
    public record Change(long atNanos, String key, String value) {
        public Change {
            if (atNanos < 0) {
                throw new IllegalArgumentException("a change cannot happen before time 0: " + atNanos);
            }
            // fail now, with the setting's own message, not mid-run
            if (isStallKey(key)) {
                stallDuration(value);
            } else {
                LinkParams.of().set(key, value);
            }
        }

        public boolean holdsLink() {
            return isStallKey(key);
        }

        /** How long a stall holds the link; only for {@link #holdsLink()} changes. */
        public long stallNanos() {
            return stallDuration(value);
        }

        public void applyTo(LinkParams params) {
            if (holdsLink()) {
                throw new IllegalStateException("stall is not a setting: install it on the link (LinkSchedule.installStalls)");
            }
            params.set(key, value);
        }
    }

    public LinkSchedule {
        List<Change> sorted = new ArrayList<>(changes);
        sorted.sort(Comparator.comparingLong(Change::atNanos));
        changes = List.copyOf(sorted);
    }

    /** The changes of settings, in time order (stalls left out). */
    public List<Change> settings() {
        return changes.stream().filter(c -> !c.holdsLink()).toList();
    }

    public List<Change> stalls() {
        return changes.stream().filter(Change::holdsLink).toList();
    }

    /** Sets every stall on {@code link}, its time counted from {@code startNanos} on the link's clock. */
    public void installStalls(Link link, long startNanos) {
        for (Change stall : stalls()) {
            link.stall(startNanos + stall.atNanos(), stall.stallNanos());
        }
    }

    /** Parses comma-separated {@code key=value@time} items. */
    public static LinkSchedule parse(String text) {
        List<Change> changes = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                changes.add(parseChange(item.trim()));
            }
        }
        return new LinkSchedule(changes);
    }

    private static Change parseChange(String item) {
        int eq = item.indexOf('=');
        int at = item.lastIndexOf('@');
        if (eq <= 0 || at < eq) {
            throw new IllegalArgumentException("bad link change '" + item + "': expected key=value@time, e.g. delay=1s@10s");
        }
        return new Change(Units.parseDurationNanos(item.substring(at + 1)),
                item.substring(0, eq).trim(), item.substring(eq + 1, at).trim());
    }

    private static boolean isStallKey(String key) {
        return key.trim().equalsIgnoreCase(STALL);
    }

    private static long stallDuration(String value) {
        long nanos = Units.parseDurationNanos(value);
        if (nanos <= 0) {
            throw new IllegalArgumentException("stall must last longer than 0, like stall=1s@10s, got '" + value + "'");
        }
        return nanos;
    }
}
