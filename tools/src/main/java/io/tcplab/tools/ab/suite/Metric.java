package io.tcplab.tools.ab.suite;

import io.tcplab.tools.ab.RunResult;
import java.util.function.ToDoubleFunction;

/** What the suite compares per run, each as ab's table has it (docs/ab.md#what-is-measured). */
public enum Metric {
    GOODPUT("goodput", "goodput", RunResult::goodputBitsPerSec),
    RETRANSMITS("retransmissions", "retransmits", r -> r.retransmits()),
    CWND_MEAN("cwnd mean", "cwndMean", RunResult::cwndMeanBytes),
    RTT_MEAN("RTT mean", "rttMean", RunResult::rttMeanMillis);

    private final String label;
    private final String key;
    private final ToDoubleFunction<RunResult> value;

    Metric(String label, String key, ToDoubleFunction<RunResult> value) {
        this.label = label;
        this.key = key;
        this.value = value;
    }

    /** The column heading of the text report. */
    public String label() {
        return label;
    }

    /** The JSON key. */
    public String key() {
        return key;
    }

    /** One run's value (NaN where the run has none, e.g. no RTT sample). */
    public double of(RunResult run) {
        return value.applyAsDouble(run);
    }
}
