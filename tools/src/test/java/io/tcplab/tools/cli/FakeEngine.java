package io.tcplab.tools.cli;

import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.link.LinkStats;
import io.tcplab.tools.link.SojournHistogram;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferSpec;

import java.util.Map;

/** Answers every run with a canned result and remembers what it was asked. */
final class FakeEngine implements TransferEngine {
    static final String DIGEST = "ab".repeat(32);

    private final TransferResult result;
    TransferSpec spec;
    TraceListener trace;

    FakeEngine(TransferResult result) {
        this.result = result;
    }

    static TransferResult success(long bytes) {
        return new TransferResult(true, bytes, bytes, DIGEST, DIGEST, 95.5e6, 1000, 3, 0, 1, 0,
                5.75, 0.5, 0.4, 1200, 250_000, 21.5, Map.of("queue", 3L),
                Map.of("forward", new LinkStats(1200, 1_800_000, 7, 2, 3, 0, 0, 0, 0, 1188, 1_782_000, 84, 126_000, 1_782_000, 1_700_000,
                        "droptail", 0, new SojournHistogram.Sojourn(1188, 1_000_000, 2_000_000, 3_000_000, 4_000_000), null)));
    }

    @Override
    public TransferResult run(TransferSpec spec, TraceListener trace) {
        this.spec = spec;
        this.trace = trace;
        return result;
    }
}
