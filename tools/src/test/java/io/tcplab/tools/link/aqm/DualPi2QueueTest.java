package io.tcplab.tools.link.aqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.PacketSummary;
import io.tcplab.tools.link.TestPackets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** DualPI2 against RFC 9332's coupling and classification, with values worked by hand. */
class DualPi2QueueTest {
    private static final long MS = 1_000_000;
    private static final int ECT1 = 1;
    private static final DualPi2Params DEFAULTS = new DualPi2Params(15 * MS, 16 * MS, 0.16, 3.2, 2, MS, 10);
    private final AqmHarness h = new AqmHarness();

    private DualPi2Queue dualpi2(DualPi2Params params) {
        return new DualPi2Queue(params, h.slots, h, Limit.packets(100_000), new SplittableRandom(9));
    }

    @Test
    void theEcnFieldAloneClassifies() {
        assertThat(DualPi2Queue.classify(PacketSummary.of(AqmHarness.packet(1, 0, 100, TestPackets.NOT_ECT))))
                .isEqualTo(DualPi2Queue.CLASSIC);
        assertThat(DualPi2Queue.classify(PacketSummary.of(AqmHarness.packet(1, 0, 100, TestPackets.ECT0))))
                .isEqualTo(DualPi2Queue.CLASSIC);
        assertThat(DualPi2Queue.classify(PacketSummary.of(AqmHarness.packet(1, 0, 100, ECT1))))
                .isEqualTo(DualPi2Queue.L4S);
        assertThat(DualPi2Queue.classify(PacketSummary.of(AqmHarness.packet(1, 0, 100, TestPackets.CE))))
                .isEqualTo(DualPi2Queue.L4S);
    }

    @Test
    void thePiControllerAndTheCoupling() {
        DualPi2Queue q = dualpi2(DEFAULTS);
        for (int seq = 0; seq < 100; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.NOT_ECT); // the first event starts the clock: updates at 16, 32 ms
        }
        h.dequeue(q, 16 * MS);
        // update at 16 ms, head waited 16 ms: p' = 0.16 (0.016 - 0.015) + 3.2 (0.016 - 0) = 0.05136
        assertThat(q.baseProbability()).isCloseTo(0.05136, within(1e-12));
        assertThat(q.classicProbability()).isCloseTo(0.05136 * 0.05136, within(1e-12)); // p_C = p'^2 = 0.0026378
        assertThat(q.coupledProbability()).isCloseTo(0.10272, within(1e-12));            // p_CL = 2 p'
        h.dequeue(q, 32 * MS);
        // update at 32 ms, the head (enqueued at 0) waited 32 ms: + 0.16 (0.017) + 3.2 (0.016) = 0.05392
        assertThat(q.baseProbability()).isCloseTo(0.10528, within(1e-12));
        assertThat(q.classicProbability()).isCloseTo(0.10528 * 0.10528, within(1e-12));
        assertThat(q.coupledProbability()).isCloseTo(0.21056, within(1e-12));
    }

    @Test
    void aShortQueueLowersTheProbabilityToZeroAndNoFurther() {
        DualPi2Queue q = dualpi2(DEFAULTS);
        h.enqueue(q, 0, 0, 1500, TestPackets.NOT_ECT);
        h.dequeue(q, 0);
        h.dequeue(q, 17 * MS); // update at 16 ms with an empty queue: 0.16 (0 - 0.015) < 0
        assertThat(q.baseProbability()).isZero();
    }

    @Test
    void theL4sQueueMarksEveryPacketThatWaitedLongerThanTheStep() {
        DualPi2Queue q = dualpi2(DEFAULTS);
        h.enqueue(q, 0, 1, 1500, ECT1);
        h.enqueue(q, 0, 2, 1500, TestPackets.CE);
        h.enqueue(q, 0, 3, 1500, TestPackets.ECT0);
        h.enqueue(q, 0, 4, 1500, TestPackets.NOT_ECT);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            order.add(h.dequeue(q, 1_500_000)); // 1.5 ms > the 1 ms step; p' is still 0
        }
        assertThat(order).containsExactly(1, 2, 3, 4);
        assertThat(h.marks).containsExactly(new AqmHarness.Event(1, null, QueueClass.L4S),
                new AqmHarness.Event(2, null, QueueClass.L4S));
        h.enqueue(q, 2 * MS, 5, 1500, ECT1);
        assertThat(h.dequeue(q, 2_500_000)).isEqualTo(5); // waited 0.5 ms: under the step
        assertThat(h.marks).hasSize(2);
    }

    @Test
    void theSchedulerGivesTheClassicQueueItsTenPercentOfTheBytes() {
        DualPi2Queue q = dualpi2(DEFAULTS);
        for (int i = 0; i < 20; i++) {
            h.enqueue(q, 0, 100 + i, 1500, ECT1);
            h.enqueue(q, 0, 200 + i, 1500, TestPackets.NOT_ECT);
        }
        StringBuilder order = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            order.append(h.dequeue(q, 0) < 200 ? 'L' : 'C');
        }
        // credit starts at 1500 (10 - 90) = -120000; each L packet adds 10 x 1500, each C packet
        // takes 90 x 1500: nine L packets bring it to 15000 > 0, then one C packet, and again
        assertThat(order.toString()).isEqualTo("LLLLLLLLLCLLLLLLLLLC");
    }

    /** p' = 0.6 after the first update: beta 37.5 x 16 ms of queue. */
    private DualPi2Queue overloaded(int l4sPackets, int classicPackets, int classicEcn) {
        DualPi2Queue q = dualpi2(new DualPi2Params(15 * MS, 16 * MS, 0, 37.5, 2, MS, 10));
        for (int i = 0; i < l4sPackets; i++) {
            h.enqueue(q, 0, 10_000 + i, 1500, ECT1);
        }
        for (int i = 0; i < classicPackets; i++) {
            h.enqueue(q, 0, 20_000 + i, 1500, classicEcn);
        }
        h.enqueue(q, 16 * MS, 1, 1500, l4sPackets > 0 ? ECT1 : classicEcn); // runs the update at 16 ms
        assertThat(q.baseProbability()).isCloseTo(0.6, within(1e-12));
        return q;
    }

    @Test
    void inOverloadL4sPacketsAreDroppedWithTheClassicProbabilityAndTheRestMarked() {
        DualPi2Queue q = overloaded(2000, 0, 0);
        for (int i = 0; i < 600; i++) {
            h.dequeue(q, 16 * MS); // p_CL = 1.2 >= 1: overload (§4.2.3); drop with p_C = 0.36, mark the rest
        }
        double dropped = h.drops.size();
        assertThat(dropped / (dropped + 600)).isCloseTo(0.36, within(0.05));
        assertThat(h.drops).allMatch(d -> d.queue() == QueueClass.L4S && d.cause() == AqmSink.Cause.CONTROL);
        assertThat(h.marks).hasSize(600);
    }

    @Test
    void inOverloadEcnCapableClassicPacketsAreDroppedNotMarked() {
        DualPi2Queue q = overloaded(0, 2000, TestPackets.ECT0);
        for (int i = 0; i < 600; i++) {
            h.dequeue(q, 16 * MS); // p_C = 0.36 >= 1/k^2 = 0.25: ECN is off (RFC 9332 Appendix A.2)
        }
        double dropped = h.drops.size();
        assertThat(dropped / (dropped + 600)).isCloseTo(0.36, within(0.05));
        assertThat(h.drops).allMatch(d -> d.queue() == QueueClass.CLASSIC);
        assertThat(h.marks).isEmpty();
    }

    @Test
    void belowOverloadEcnCapableClassicPacketsAreMarkedWithPcAndL4sOnesWithPcl() {
        DualPi2Queue q = dualpi2(new DualPi2Params(15 * MS, 16 * MS, 0, 18.75, 2, 100 * MS, 10)); // p' = 0.3
        for (int i = 0; i < 4000; i++) {
            h.enqueue(q, 0, 10_000 + i, 1500, i % 2 == 0 ? ECT1 : TestPackets.ECT0);
        }
        h.enqueue(q, 16 * MS, 1, 1500, TestPackets.NOT_ECT);
        assertThat(q.baseProbability()).isCloseTo(0.3, within(1e-12));
        int l = 0;
        int c = 0;
        while (l + c < 2000) {
            int seq = h.dequeue(q, 16 * MS); // the step (100 ms) is never reached: only the coupling marks
            l += seq % 2 == 0 ? 1 : 0;
            c += seq % 2 == 1 ? 1 : 0;
        }
        long lMarks = h.marks.stream().filter(m -> m.queue() == QueueClass.L4S).count();
        long cMarks = h.marks.stream().filter(m -> m.queue() == QueueClass.CLASSIC).count();
        assertThat((double) lMarks / l).isCloseTo(0.6, within(0.05));  // p_CL = 2 x 0.3
        assertThat((double) cMarks / c).isCloseTo(0.09, within(0.05)); // p_C = 0.3^2
        assertThat(h.drops).isEmpty();
    }
}
