package io.tcplab.tools.link;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Timed changes of one link's settings, e.g. {@code delay=1s@10s,delay=50ms@11s}: at 10 s the
 * delay becomes 1 s, at 11 s it is back to 50 ms. Whoever owns the clock applies each change at
 * its time; changes at the same time apply in the order written.
 */
public record LinkSchedule(List<Change> changes) {

    /** At {@code atNanos}, {@code key} becomes {@code value} (keys and values as in {@link LinkParams#set}). */
    public record Change(long atNanos, String key, String value) {
        public Change {
            if (atNanos < 0) {
                throw new IllegalArgumentException("a change cannot happen before time 0: " + atNanos);
            }
            LinkParams.of().set(key, value); // fail now, with the setting's own message, not mid-run
        }

        public void applyTo(LinkParams params) {
            params.set(key, value);
        }
    }

    public LinkSchedule {
        List<Change> sorted = new ArrayList<>(changes);
        sorted.sort(Comparator.comparingLong(Change::atNanos));
        changes = List.copyOf(sorted);
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
}
