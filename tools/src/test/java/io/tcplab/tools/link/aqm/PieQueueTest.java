package io.tcplab.tools.link.aqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.TestPackets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * PIE's drop probability against RFC 8033 §4.2 worked by hand. The queue delay PIE sees is the
 * sojourn time of the last packet dequeued (§4.3's timestamps); packets all enqueued at 0 and
 * dequeued at chosen times give it exactly. The first event starts the update clock: updates
 * run at 15, 30, 45 ms, each with the delay of the last dequeue before it.
 */
class PieQueueTest {
    private static final long MS = 1_000_000;
    private static final PieParams RFC = new PieParams(15 * MS, 15 * MS, 0.125, 1.25, 150 * MS, false, 0.1);
    private final AqmHarness h = new AqmHarness();

    private PieQueue pie(PieParams params) {
        return new PieQueue(params, h.slots, h, Limit.packets(100_000), new SplittableRandom(3));
    }

    private void fill(PieQueue q, long at, int packets, int ecn) {
        for (int seq = 0; seq < packets; seq++) {
            h.enqueue(q, at, seq, 1500, ecn);
        }
    }

    @Test
    void threeUpdatesFromGivenQueueDelays() {
        PieQueue q = pie(RFC);
        fill(q, 0, 100, TestPackets.NOT_ECT);
        h.dequeue(q, 14 * MS); // delay 14 ms
        h.dequeue(q, 29 * MS); // runs the update at 15 ms first, then delay 29 ms
        // p = 0.125 (0.014 - 0.015) + 1.25 (0.014 - 0) = 0.017375; drop_prob < 0.000001: / 2048
        assertThat(q.dropProbability()).isCloseTo(0.017375 / 2048, within(1e-15));
        h.dequeue(q, 44 * MS);
        // p = 0.125 (0.029 - 0.015) + 1.25 (0.029 - 0.014) = 0.0205; drop_prob < 0.00001: / 512
        assertThat(q.dropProbability()).isCloseTo(0.017375 / 2048 + 0.0205 / 512, within(1e-15));
        h.dequeue(q, 59 * MS);
        // p = 0.125 (0.044 - 0.015) + 1.25 (0.044 - 0.029) = 0.022375; drop_prob < 0.0001: / 128
        assertThat(q.dropProbability()).isCloseTo(0.017375 / 2048 + 0.0205 / 512 + 0.022375 / 128, within(1e-15));
        assertThat(q.burstAllowance()).isEqualTo(150 * MS - 3 * 15 * MS); // T_UPDATE off per update (§4.4)
        assertThat(h.drops).isEmpty(); // the burst allowance is not used up yet
    }

    @Test
    void theAutoTuningDividesTheStepByTheRangeTheProbabilityIsIn() {
        assertThat(PieQueue.autoTuningDivisor(0)).isEqualTo(2048);
        assertThat(PieQueue.autoTuningDivisor(0.000005)).isEqualTo(512);
        assertThat(PieQueue.autoTuningDivisor(0.00005)).isEqualTo(128);
        assertThat(PieQueue.autoTuningDivisor(0.0005)).isEqualTo(32);
        assertThat(PieQueue.autoTuningDivisor(0.005)).isEqualTo(8);
        assertThat(PieQueue.autoTuningDivisor(0.05)).isEqualTo(2);
        assertThat(PieQueue.autoTuningDivisor(0.1)).isEqualTo(1);
    }

    /** Gains that push the probability to 0.487 at the first update (tupdate 1 s, target 1 ms). */
    private static PieParams steep(boolean ecn, double markEcnThreshold) {
        return new PieParams(MS, 1000 * MS, 1000, 0, 150 * MS, ecn, markEcnThreshold);
    }

    @Test
    void aboveTenPercentAStepIsCappedAtTwoPercent() {
        PieQueue q = pie(steep(false, 0.1));
        fill(q, 0, 10, TestPackets.NOT_ECT);
        h.dequeue(q, 999 * MS);
        h.dequeue(q, 1999 * MS);
        // update at 1 s: p = 1000 (0.999 - 0.001) = 998, / 2048
        assertThat(q.dropProbability()).isCloseTo(998.0 / 2048, within(1e-12));
        h.dequeue(q, 2999 * MS);
        // update at 2 s: p = 1000 (1.999 - 0.001) = 1998, capped at 0.02 (§5.5)
        assertThat(q.dropProbability()).isCloseTo(998.0 / 2048 + 0.02, within(1e-12));
    }

    @Test
    void anIdleQueueDecaysTheProbabilityByTwoPercentPerUpdate() {
        PieQueue q = pie(new PieParams(0, 15 * MS, 0.125, 0, 150 * MS, false, 0.1));
        fill(q, 0, 1, TestPackets.NOT_ECT);
        h.enqueue(q, 0, 1, 1500, TestPackets.NOT_ECT);
        h.dequeue(q, 14 * MS);                         // delay 14 ms, one packet left
        h.dequeue(q, 16 * MS);                         // update at 15 ms; the queue empties: delay 0
        double first = 0.125 * 0.014 / 2048;
        assertThat(q.dropProbability()).isCloseTo(first, within(1e-18));
        h.dequeue(q, 31 * MS);                         // update at 30 ms: delay 0, but old delay 14 ms
        assertThat(q.dropProbability()).isCloseTo(first, within(1e-18));
        h.dequeue(q, 46 * MS);                         // update at 45 ms: both 0, idle: x 0.98
        assertThat(q.dropProbability()).isCloseTo(first * 0.98, within(1e-18));
    }

    @Test
    void aLowDelayWithoutDropsRestoresTheBurstAllowance() {
        PieQueue q = pie(RFC);
        fill(q, 0, 10, TestPackets.NOT_ECT);
        h.dequeue(q, 1 * MS);   // delay 1 ms
        h.dequeue(q, 16 * MS);  // update at 15 ms: p = 0.125 (-0.014) + 1.25 (0.001) < 0, drop_prob stays 0
        assertThat(q.dropProbability()).isZero();
        assertThat(q.burstAllowance()).isEqualTo(150 * MS); // both delays under 7.5 ms: back to MAX_BURST
    }

    @Test
    void oncePastTheBurstArrivalsAreDroppedWithTheProbability() {
        PieQueue q = pie(steep(false, 0.1));
        fill(q, 0, 10, TestPackets.NOT_ECT);
        h.dequeue(q, 999 * MS);
        h.dequeue(q, 1999 * MS); // drop_prob 0.4873, burst allowance used up
        assertThat(q.burstAllowance()).isZero();
        for (int seq = 100; seq < 2100; seq++) {
            h.enqueue(q, 1999 * MS, seq, 1500, TestPackets.NOT_ECT);
        }
        // 2000 arrivals, each dropped with 0.4873: 975 expected, sd 22
        assertThat(h.drops.size()).isBetween(975 - 4 * 22, 975 + 4 * 22);
        assertThat(h.drops).allMatch(d -> d.cause() == AqmSink.Cause.CONTROL);
    }

    @Test
    void ecnMarksOnlyWhileTheProbabilityIsAtMostMarkEcnth() {
        PieQueue marking = pie(steep(true, 0.5));
        PieQueue dropping = pie(steep(true, 0.4));
        for (PieQueue q : new PieQueue[] {marking, dropping}) {
            fill(q, 0, 10, TestPackets.ECT0);
            h.dequeue(q, 999 * MS);
            h.dequeue(q, 1999 * MS); // drop_prob 0.4873
            for (int seq = 100; seq < 300; seq++) {
                h.enqueue(q, 1999 * MS, seq, 1500, TestPackets.ECT0);
            }
            if (q == marking) {
                assertThat(h.marks).isNotEmpty();
                assertThat(h.drops).isEmpty();
                h.marks.clear();
            } else {
                assertThat(h.marks).isEmpty();
                assertThat(h.drops).isNotEmpty();
            }
        }
    }
}
