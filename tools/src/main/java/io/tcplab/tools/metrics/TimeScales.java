package io.tcplab.tools.metrics;

/** The averaging intervals τ of the NCSU fairness and stability tables (seed 000 §4.2 and §5). */
public final class TimeScales {
    private static final double[] STANDARD_SECONDS = {1, 5, 10, 20, 40, 80, 160};

    private TimeScales() {
    }

    /** τ ∈ {1, 5, 10, 20, 40, 80, 160} s, a fresh array each call. */
    public static double[] standardSeconds() {
        return STANDARD_SECONDS.clone();
    }
}
