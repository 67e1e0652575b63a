package io.tcplab.tools.metrics;

/**
 * The two-sided 95% critical value of Student's t, t(0.975, df). Degrees of freedom 1 to 30 come
 * from a table (values to six decimals); beyond 30 the Cornish–Fisher expansion of t in powers of
 * 1/df around the normal quantile (Abramowitz & Stegun 26.7.5) is within 3·10⁻⁸ of the exact
 * value, so no statistics library is needed. commons-math3 would do this too, but it is not on the
 * tools classpath (only JMH's bench module pulls it in) and has had no release since 2016.
 */
public final class StudentT {
    /** z(0.975) of the standard normal distribution, the limit as df → ∞. */
    public static final double NORMAL_975 = 1.959963984540054;

    private static final double[] TABLE_975 = {
            12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
            2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
            2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272};

    private StudentT() {
    }

    /** t(0.975, df): a 95% interval of a mean is mean ± this × s / √n with df = n − 1. */
    public static double quantile975(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("Student's t needs at least 1 degree of freedom, got " + degreesOfFreedom);
        }
        if (degreesOfFreedom <= TABLE_975.length) {
            return TABLE_975[degreesOfFreedom - 1];
        }
        return cornishFisher(NORMAL_975, degreesOfFreedom);
    }

    private static double cornishFisher(double z, double df) {
        double z2 = z * z;
        double g1 = z * (z2 + 1) / 4;
        double g2 = z * ((5 * z2 + 16) * z2 + 3) / 96;
        double g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384;
        double g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160;
        return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
    }
}
