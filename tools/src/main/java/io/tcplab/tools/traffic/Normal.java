package io.tcplab.tools.traffic;

/** The standard normal distribution function, for the web model's closed-form means. */
final class Normal {
    private Normal() {
    }

    /** Phi(x), through erf with Abramowitz &amp; Stegun 7.1.26 (absolute error below 1.5e-7). */
    static double cdf(double x) {
        return 0.5 * (1 + erf(x / Math.sqrt(2)));
    }

    private static double erf(double x) {
        double sign = Math.signum(x);
        double ax = Math.abs(x);
        double t = 1 / (1 + 0.3275911 * ax);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return sign * (1 - poly * Math.exp(-ax * ax));
    }
}
