package io.tcplab.tools.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The web model's closed-form means against its own sampler, and the load-to-page-rate mapping. */
class WebModelTest {
    private static final WebModel SURGE = WebModel.surge(38e6);

    private static WebTraffic sampler(WebModel model, long seed) {
        return new WebTraffic(model, null, null, new byte[] {10, 0, 0, 1}, 80, null, new SplittableRandom(seed), 0);
    }

    @Test
    void objectsPerPageMeanIsTheSumOfTheTail() {
        // k = 1: P(floor X >= n) = n^-alpha; capped at 50 objects.
        double expected = 0;
        for (int n = 1; n <= 50; n++) {
            expected += Math.pow(n, -2.43);
        }
        assertThat(SURGE.meanObjectsPerPage()).isCloseTo(expected, within(1e-12)).isCloseTo(1.37, within(0.01));
        WebTraffic w = sampler(SURGE, 7);
        double sum = 0;
        int n = 400_000;
        for (int i = 0; i < n; i++) {
            sum += w.objectsOnPage();
        }
        assertThat(sum / n).isCloseTo(SURGE.meanObjectsPerPage(), within(0.01));
    }

    @Test
    void objectSizeMeanMatchesTheCappedBodyAndTail() {
        // Uncapped body mean exp(9.357 + 1.318^2 / 2) = 27,640 B; capped Pareto tail
        // (1.1 x 133 KB - 133000^1.1 x 1e7^-0.1) / 0.1 = 927 KB; mixture 0.93 x body + 0.07 x tail.
        double body = Math.exp(9.357 + 1.318 * 1.318 / 2);
        double tail = (1.1 * 133_000 - Math.pow(133_000, 1.1) * Math.pow(1e7, -0.1)) / 0.1;
        assertThat(SURGE.meanObjectBytes()).isCloseTo(0.93 * body + 0.07 * tail, within(50.0));
        WebTraffic w = sampler(SURGE, 11);
        double sum = 0;
        int n = 1_000_000;
        for (int i = 0; i < n; i++) {
            sum += w.objectBytes();
        }
        assertThat(sum / n / SURGE.meanObjectBytes()).isCloseTo(1.0, within(0.03));
    }

    @Test
    void theLoadSetsThePageRateThroughTheUsersAndTheirThinkTimes() {
        double pageRate = 38e6 / (8 * SURGE.meanPageBytes());
        assertThat(SURGE.pagesPerSecond()).isCloseTo(pageRate, within(1e-9));
        // users x (1 / (E[think] x scale)) = the page rate, exactly
        double perUser = 1e9 / (SURGE.meanThinkNanos() * SURGE.thinkScale());
        assertThat(SURGE.effectiveUsers() * perUser).isCloseTo(pageRate, within(1e-9));
        assertThat(SURGE.meanThinkNanos()).isEqualTo(3e9); // Pareto(1.5, 1 s)
    }
}
