package io.tcplab.tools.ab.suite;

import java.util.List;

/**
 * The shape of a parity-suite file ({@code scenarios/ab-suite.yaml}), as Jackson reads it
 * (snake_case keys; sizes, rates and durations as text with units, as ab's options take them).
 * Nothing is checked here: {@link SuiteParser} does that and names the field of any bad value.
 */
public record SuiteFile(List<String> algorithms, List<Long> seeds, List<PathEntry> paths) {

    /**
     * One path: its name and {@code tcplab ab}'s link options; {@code algorithms} replaces the
     * file's list for this path.
     */
    public record PathEntry(String name, String bytes, String rate, String rtt, String queue, String loss,
                            String reorder, Boolean ecn, String ecnThreshold, String at, List<String> algorithms) {
    }
}
