package io.tcplab.tools.ab.suite;

import io.tcplab.tools.ab.AbReport;
import io.tcplab.tools.ab.AbResult;

/**
 * One run of the suite: a path, an algorithm and a seed; its {@code result}, or why it failed
 * ({@code failure}, one line, and no result).
 */
public record SuiteCell(long seed, AbResult result, String failure) {
    public SuiteCell {
        if ((result == null) == (failure == null)) {
            throw new IllegalArgumentException("a cell has a result or a failure, not both or neither");
        }
    }

    public static SuiteCell ran(long seed, AbResult result) {
        return new SuiteCell(seed, result, null);
    }

    public static SuiteCell failed(long seed, String failure) {
        return new SuiteCell(seed, null, failure);
    }

    /** Why the run is no comparison (ab's refusal: packets lost outside the link), or null. */
    public String refusal() {
        return result == null ? null : AbReport.refusal(result);
    }
}
