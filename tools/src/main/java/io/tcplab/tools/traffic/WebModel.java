package io.tcplab.tools.traffic;

/**
 * The parameters of the SURGE-like web model (after Barford &amp; Crovella, SIGMETRICS 1998;
 * defaults as REFERENCE.md §7.3 lists them, unverified there) and what they imply on average.
 *
 * <p>A page has {@code min(floor(X), maxObjects)} objects with X ~ Pareto(objectsAlpha, 1). An
 * object's size is lognormal(bodyMu, bodySigma) bytes with probability {@code 1 - tailProbability}
 * and Pareto(tailAlpha, tailBytes) otherwise, capped at {@code maxObjectBytes} (at least 1 byte).
 * Each user starts a page, waits a Pareto(thinkAlpha, thinkNanos) time measured from that page's
 * start, starts the next, and so on, whether or not the previous page has finished.
 *
 * <p>How the load sets the page rate: a page carries {@code E[page] = E[objects] × E[object]}
 * bytes (both computed exactly from the distributions above, caps included), so a mean load of L
 * bit/s needs {@code L / (8 E[page])} pages per second. Every user contributes
 * {@code 1 / E[think]}; the model uses {@code users} users, and when {@code users} is 0 the
 * nearest whole number to {@code pageRate × E[think]} (at least 1), then scales every think time
 * so that the page rate is exactly the one wanted.
 */
public record WebModel(double loadBitsPerSec, double bodyMu, double bodySigma, double tailAlpha, long tailBytes,
                       double tailProbability, long maxObjectBytes, double objectsAlpha, int maxObjects,
                       double thinkAlpha, long thinkNanos, boolean persistent, int users) {

    public static WebModel surge(double loadBitsPerSec) {
        return new WebModel(loadBitsPerSec, 9.357, 1.318, 1.1, 133_000, 0.07, 10_000_000, 2.43, 50,
                1.5, 1_000_000_000L, false, 0);
    }

    public WebModel {
        require(loadBitsPerSec > 0, "load must be positive");
        require(bodySigma > 0, "object body sigma must be positive");
        require(tailAlpha > 0 && tailAlpha != 1, "object tail alpha must be positive and not 1");
        require(tailBytes >= 1, "object tail k must be at least 1 byte");
        require(tailProbability >= 0 && tailProbability <= 1, "object tail probability must be within [0, 1]");
        require(maxObjectBytes >= tailBytes, "the object size cap must be at least the tail's k");
        require(objectsAlpha > 0, "objects-per-page alpha must be positive");
        require(maxObjects >= 1, "objects per page cap must be at least 1");
        require(thinkAlpha > 1, "think-time alpha must be above 1 (the mean must be finite)");
        require(thinkNanos > 0, "think-time k must be positive");
        require(users >= 0, "users must be 0 (from the load) or more");
    }

    /** E[objects per page] = sum over n = 1..max of P(X >= n) = n^-alpha. */
    public double meanObjectsPerPage() {
        double sum = 0;
        for (int n = 1; n <= maxObjects; n++) {
            sum += Math.pow(n, -objectsAlpha);
        }
        return sum;
    }

    /** E[min(size, cap)] of the body-and-tail mixture, in bytes. */
    public double meanObjectBytes() {
        double c = maxObjectBytes;
        double body = Math.exp(bodyMu + bodySigma * bodySigma / 2)
                * Normal.cdf((Math.log(c) - bodyMu - bodySigma * bodySigma) / bodySigma)
                + c * (1 - Normal.cdf((Math.log(c) - bodyMu) / bodySigma));
        double a = tailAlpha;
        double k = tailBytes;
        double tail = (a * k - Math.pow(k, a) * Math.pow(c, 1 - a)) / (a - 1);
        return (1 - tailProbability) * body + tailProbability * tail;
    }

    public double meanPageBytes() {
        return meanObjectsPerPage() * meanObjectBytes();
    }

    public double pagesPerSecond() {
        return loadBitsPerSec / (8 * meanPageBytes());
    }

    /** E[think] of the unscaled Pareto, in nanoseconds. */
    public double meanThinkNanos() {
        return thinkAlpha * thinkNanos / (thinkAlpha - 1);
    }

    public int effectiveUsers() {
        return users > 0 ? users : (int) Math.max(1, Math.round(pagesPerSecond() * meanThinkNanos() / 1e9));
    }

    /** The factor applied to every think time so that users × 1/E[think] is the page rate. */
    public double thinkScale() {
        return effectiveUsers() / (pagesPerSecond() * meanThinkNanos() / 1e9);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
