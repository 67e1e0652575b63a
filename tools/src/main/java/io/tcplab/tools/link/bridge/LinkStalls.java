package io.tcplab.tools.link.bridge;

import java.util.Map;

/**
 * What a real run's link threads owed and did late: all bridges' late rounds together, and per
 * link direction (by name) the upper bound of its time left idle while packets for it waited in
 * a device (see {@link LoopStalls}).
 */
public record LinkStalls(LoopStalls rounds, Map<String, Long> starvedNanosByLink) {
    public LinkStalls {
        starvedNanosByLink = Map.copyOf(starvedNanosByLink);
    }

    /** Nanoseconds for a link direction named in the run, 0 for one the bridges never saw. */
    public long starvedNanos(String link) {
        return starvedNanosByLink.getOrDefault(link, 0L);
    }
}
