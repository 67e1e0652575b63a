package io.tcplab.tools.ab.suite;

import java.util.List;

/** A parity-suite matrix: its paths (each with its algorithms), every cell run once per seed; {@code label} names the file. */
public record Suite(String label, List<SuitePath> paths, List<Long> seeds) {
    public Suite {
        paths = List.copyOf(paths);
        seeds = List.copyOf(seeds);
    }

    /** How many A/B runs the matrix asks for (each a kernel run and a tcplab run). */
    public int cells() {
        return paths.stream().mapToInt(p -> p.algorithms().size()).sum() * seeds.size();
    }
}
