package io.tcplab.tools.link.aqm;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.TestPackets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CoDel's control law against RFC 8289 §5.5 worked by hand. A queue of 1500-byte packets all
 * enqueued at 0 is dequeued once a millisecond from 10 ms, so the sojourn times are 10, 11, ...
 * ms, always above the 5 ms target, and far more than one MTU stays queued.
 */
class CoDelControlTest {
    private static final long MS = 1_000_000;
    private final AqmHarness h = new AqmHarness();

    private CoDelQueue codel(boolean ecn) {
        return new CoDelQueue(new CoDelParams(5 * MS, 100 * MS, ecn), h.slots, h, Limit.packets(100_000));
    }

    /** Dequeues once per ms over [fromMs, toMs]; returns the times (ms) at which something was dropped or marked. */
    private List<Long> run(CoDelQueue q, long fromMs, long toMs) {
        List<Long> times = new ArrayList<>();
        for (long t = fromMs; t <= toMs; t++) {
            int before = h.drops.size() + h.marks.size();
            h.dequeue(q, t * MS);
            if (h.drops.size() + h.marks.size() > before) {
                times.add(t);
            }
        }
        return times;
    }

    @Test
    void aStandingQueueIsDroppedFromAfterAnIntervalThenAtIntervalOverSqrtCount() {
        CoDelQueue q = codel(false);
        for (int seq = 0; seq < 1000; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.NOT_ECT);
        }
        // 10 ms: first sojourn above target, first_above_time = 110 ms. 110 ms: the first drop, and
        // drop_next = 110 + 100 = 210 ms. Then drop_next += 100/sqrt(count), in whole ns: 210 +
        // 70.710678 = 280.710678 (dequeued at 281), + 57.735026 = 338.445704 (339), + 50 =
        // 388.445704 (389), + 44.721359 = 433.167063 (434). Each drop takes one more packet out
        // at the same time, so the packet dropped at t is t - 10 + the drops before it.
        assertThat(run(q, 10, 450)).containsExactly(110L, 210L, 281L, 339L, 389L, 434L);
        assertThat(h.dropped()).containsExactly(100, 201, 273, 332, 383, 429);
        assertThat(h.drops).allMatch(d -> d.cause() == AqmSink.Cause.CONTROL);
        assertThat(q.control().count()).isEqualTo(6);
        assertThat(q.control().dropNext()).isEqualTo(433_167_063L + 40_824_829L); // + 100/sqrt(6)
    }

    @Test
    void aSojournBelowTargetEndsTheDroppingStateAndARecentEpisodeSetsTheCountOnReEntry() {
        CoDelQueue q = codel(false);
        for (int seq = 0; seq < 1000; seq++) {
            // seq 334 is dequeued at 340 ms (see the drops above): enqueued at 339 ms it waited 1 ms
            h.q(q, seq == 334 ? 339 * MS : 0, seq);
        }
        assertThat(run(q, 10, 339)).containsExactly(110L, 210L, 281L, 339L);
        assertThat(q.control().dropping()).isTrue();
        run(q, 340, 340);
        assertThat(q.control().dropping()).isFalse();
        // 341 ms: above target again, first_above_time = 441. At 441 the queue re-enters dropping
        // 52.6 ms after drop_next (388.445704 ms), well within 16 intervals: count = 4 - 1 = 3
        // drops of the last episode, so drop_next = 441 + 100/sqrt(3) = 498.735026 ms.
        assertThat(run(q, 341, 500)).containsExactly(441L, 499L);
        assertThat(q.control().count()).isEqualTo(4);
        assertThat(q.control().dropNext()).isEqualTo(441_000_000L + 57_735_026L + 50_000_000L);
    }

    @Test
    void withEcnAnEcnCapablePacketIsMarkedAndLeavesInsteadOfBeingDropped() {
        CoDelQueue q = codel(true);
        for (int seq = 0; seq < 1000; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.ECT0);
        }
        // the same times as the drops, but a marked packet leaves: packet t - 10 at t
        assertThat(run(q, 10, 450)).containsExactly(110L, 210L, 281L, 339L, 389L, 434L);
        assertThat(h.dropped()).isEmpty();
        assertThat(h.marked()).containsExactly(100, 200, 271, 329, 379, 424);
    }

    @Test
    void withEcnANotEctPacketIsStillDropped() {
        CoDelQueue q = codel(true);
        for (int seq = 0; seq < 300; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.NOT_ECT);
        }
        run(q, 10, 210);
        assertThat(h.dropped()).containsExactly(100, 201);
        assertThat(h.marked()).isEmpty();
    }

    @Test
    void aBacklogOfOneMtuIsNeverDroppedFromHoweverLongItWaited() {
        CoDelQueue q = codel(false);
        for (int seq = 0; seq < 3; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.NOT_ECT);
        }
        assertThat(h.dequeue(q, 200 * MS)).isEqualTo(0);   // 3000 B left: above target from now
        assertThat(h.dequeue(q, 400 * MS)).isEqualTo(1);   // 1500 B left: at most one MTU, below
        assertThat(h.dequeue(q, 600 * MS)).isEqualTo(2);
        assertThat(h.drops).isEmpty();
        assertThat(h.dequeue(q, 700 * MS)).isEqualTo(-1);
        assertThat(q.control().dropping()).isFalse();
    }

    @Test
    void aPacketOverTheLimitIsDroppedAsOverflow() {
        CoDelQueue q = new CoDelQueue(new CoDelParams(5 * MS, 100 * MS, false), h.slots, h, Limit.packets(2));
        for (int seq = 0; seq < 3; seq++) {
            h.enqueue(q, 0, seq, 1500, TestPackets.NOT_ECT);
        }
        assertThat(h.drops).containsExactly(new AqmHarness.Event(2, AqmSink.Cause.OVERFLOW, QueueClass.SINGLE));
        assertThat(q.packets()).isEqualTo(2);
        assertThat(q.bytes()).isEqualTo(3000);
    }
}
