package io.tcplab.tools.ab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The packets one A/B run lost outside the emulated link, by where: each device's TX ring, RX
 * and qdisc, the bridge's refused writes, tcplab's refused writes. -1 is a counter that could not
 * be read. Any loss here is the harness's, not the path's: a comparison with it is no comparison.
 */
public record OutsideDrops(Map<String, Long> where) {
    public OutsideDrops {
        where = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(where));
    }

    /** The known drops added up. */
    public long total() {
        return where.values().stream().mapToLong(v -> Math.max(0, v)).sum();
    }

    /** Whether every counter was read. */
    public boolean complete() {
        return where.values().stream().allMatch(v -> v >= 0);
    }

    /** Whether the run lost nothing outside the link, as far as every counter says. */
    public boolean none() {
        return complete() && total() == 0;
    }

    /** {@code 684 (tcplab-ka0 TX 684)}, or {@code unknown (tcplab-ab0 TX)} for counters that could not be read. */
    public String describe() {
        String lost = where.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        String unknown = where.entrySet().stream().filter(e -> e.getValue() < 0).map(Map.Entry::getKey)
                .collect(Collectors.joining(", "));
        StringBuilder b = new StringBuilder().append(total());
        if (!lost.isEmpty()) {
            b.append(" (").append(lost).append(')');
        }
        if (!unknown.isEmpty()) {
            b.append(", unknown: ").append(unknown);
        }
        return b.toString();
    }

    /** Collects the counters of one run in order. */
    public static final class Builder {
        private final Map<String, Long> where = new LinkedHashMap<>();

        public Builder add(String name, long drops) {
            where.merge(name, drops, (a, b) -> a < 0 || b < 0 ? -1 : a + b);
            return this;
        }

        public OutsideDrops build() {
            return new OutsideDrops(where);
        }
    }
}
