package io.tcplab.tools.ab.suite;

/**
 * A ratio tcplab/kernel over the seeds of one row, with a 95 % interval. Each seed gives one
 * ratio r_i of the two runs with that seed; ratios are averaged on a log scale (so that 0.5 and
 * 2 average to 1, and the interval is the same read either way up): with l_i = ln r_i, their mean
 * m and sample standard deviation s over n seeds, the ratio is e^m (the geometric mean) and the
 * interval e^(m ± t·s/√n), t being Student's 0.975 quantile with n − 1 degrees of freedom (the
 * usual two-sided 95 % interval for a mean of n normal values, here of the log ratios). One seed
 * gives the ratio and no interval (NaN bounds). A seed where either side's value is 0 or missing
 * has no ratio; the row's ratio is then undefined ({@link #undefined()}).
 */
public record RatioInterval(double value, double low, double high, int seeds) {
    /** Student's t, 0.975 quantile, for 1 to 30 degrees of freedom (to 4 decimals). */
    private static final double[] T975 = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622,
        2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687,
        2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
    /** The normal distribution's 0.975 quantile. */
    private static final double Z975 = 1.959963985;
    /** Within ±10 % of the kernel's is parity (issue 16); outside it a row is flagged. */
    public static final double PARITY = 0.10;

    /** The interval of the per-seed ratios {@code tcplab[i] / kernel[i]}. */
    public static RatioInterval of(double[] tcplab, double[] kernel) {
        if (tcplab.length != kernel.length || tcplab.length == 0) {
            throw new IllegalArgumentException("one value per seed on each side, at least one seed");
        }
        int n = tcplab.length;
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(tcplab[i] > 0) || !(kernel[i] > 0) || Double.isInfinite(tcplab[i]) || Double.isInfinite(kernel[i])) {
                return undefined(n);
            }
            logs[i] = Math.log(tcplab[i] / kernel[i]);
        }
        double mean = 0;
        for (double l : logs) {
            mean += l;
        }
        mean /= n;
        if (n == 1) {
            return new RatioInterval(Math.exp(mean), Double.NaN, Double.NaN, 1);
        }
        double squares = 0;
        for (double l : logs) {
            squares += (l - mean) * (l - mean);
        }
        double half = t975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
        return new RatioInterval(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n);
    }

    /** No ratio: a seed had 0 (or nothing) on one side. */
    public static RatioInterval undefined(int seeds) {
        return new RatioInterval(Double.NaN, Double.NaN, Double.NaN, seeds);
    }

    public boolean defined() {
        return !Double.isNaN(value);
    }

    /** Whether the ratio is outside 1 ± {@link #PARITY}. */
    public boolean flagged() {
        return defined() && (value < 1 - PARITY || value > 1 + PARITY);
    }

    /**
     * Student's t 0.975 quantile for {@code df} degrees of freedom: the table to 30, beyond it
     * Abramowitz and Stegun 26.7.5's expansion in 1/df around the normal quantile (within 1e-7 there).
     */
    static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, got " + df);
        }
        if (df <= T975.length) {
            return T975[df - 1];
        }
        double z = Z975;
        double v = df;
        double g1 = (Math.pow(z, 3) + z) / 4;
        double g2 = (5 * Math.pow(z, 5) + 16 * Math.pow(z, 3) + 3 * z) / 96;
        double g3 = (3 * Math.pow(z, 7) + 19 * Math.pow(z, 5) + 17 * Math.pow(z, 3) - 15 * z) / 384;
        double g4 = (79 * Math.pow(z, 9) + 776 * Math.pow(z, 7) + 1482 * Math.pow(z, 5) - 1920 * Math.pow(z, 3)
                - 945 * z) / 92160;
        return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
    }
}
