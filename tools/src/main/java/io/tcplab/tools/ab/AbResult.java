package io.tcplab.tools.ab;

import java.util.List;

/**
 * Both sides of an A/B run, kernel first, the spec that produced them, and the names of the
 * namespaces the run used (removed by the time this exists).
 */
public record AbResult(AbSpec spec, RunResult kernel, RunResult tcplab, List<String> namespaces) {
    public AbResult {
        namespaces = List.copyOf(namespaces);
    }
}
