package io.tcplab.tools.metrics;

/**
 * How fair a set of throughputs is, for a convergence criterion. Readers take "80 % fairness" in
 * two ways, and they differ a lot: for two flows Jain's index is 0.8 already when one has a
 * third of the other's rate ((1 + 1/3)² / (2 · (1 + 1/9)) = 0.8), while the smaller flow having
 * 80 % of the larger's rate is a Jain's index of 0.988. The table says which one it used.
 */
public enum FairnessMeasure {
    /** Jain's index (Jain, Chiu and Hawe 1984), as REFERENCE §7.2's convergence criterion uses. */
    JAIN("jain", "Jain's index"),
    /** The smallest rate over the largest: "the smaller flow has X of the larger's rate". */
    MIN_OVER_MAX("ratio", "smaller/larger rate");

    private final String option;
    private final String label;

    FairnessMeasure(String option, String label) {
        this.option = option;
        this.label = label;
    }

    /** The name used on the command line and in scenario files. */
    public String option() {
        return option;
    }

    /** What the number is, for table titles. */
    public String label() {
        return label;
    }

    /** This measure over the first {@code n} values of {@code throughputs} (any one unit, all >= 0). */
    public double of(double[] throughputs, int n) {
        if (this == JAIN) {
            return JainIndex.of(throughputs, n);
        }
        double least = Double.POSITIVE_INFINITY;
        double most = 0;
        for (int i = 0; i < n; i++) {
            least = Math.min(least, throughputs[i]);
            most = Math.max(most, throughputs[i]);
        }
        return most == 0 ? 1.0 : least / most; // all idle: treated alike, as JainIndex does
    }

    /** The measure named {@code option}; an {@link IllegalArgumentException} naming the allowed ones otherwise. */
    public static FairnessMeasure of(String option) {
        for (FairnessMeasure m : values()) {
            if (m.option.equals(option)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown fairness measure '" + option + "' (allowed: jain, ratio)");
    }
}
