package io.tcplab.examples.recovery;

import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.recovery.LossDetectorProvider;

/**
 * {@code srtt-multiple[:k=2,min=10]}: {@link SrttMultipleDetector}, k a multiple of SRTT and min
 * the floor in milliseconds. Listed in
 * {@code META-INF/services/io.tcplab.stack.recovery.LossDetectorProvider}, so any tcplab command
 * finds it by its spec once this module's jar is on the class path ({@code TCPLAB_PLUGINS}).
 */
public final class SrttMultipleProvider implements LossDetectorProvider {
    /** Below 1 the rule would call every segment lost before its ACK could be back. */
    static final double MIN_K = 1;
    static final double MAX_K = 16;
    static final double DEFAULT_K = 2;
    /** As TEB's T_MIN (docs/stack.md#teb): above the ACK delay a receiver adds on a short path. */
    static final long DEFAULT_MIN_MS = 10;

    @Override
    public String name() {
        return SrttMultipleDetector.NAME;
    }

    @Override
    public Factory configure(CcParameters parameters) {
        // Read here, once, so that a bad value fails when the options are built, naming the range.
        double k = parameters.getDouble("k", DEFAULT_K, MIN_K, MAX_K);
        long minMs = parameters.getLong("min", DEFAULT_MIN_MS, 0, 60_000);
        return view -> new SrttMultipleDetector(view, k, minMs * 1_000_000L);
    }

    @Override
    public String source() {
        return "examples module: max(k x SRTT, min) (RFC 6298 SRTT, time-based marking as in RFC 8985)";
    }
}
