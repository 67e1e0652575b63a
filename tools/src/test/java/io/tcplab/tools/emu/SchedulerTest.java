package io.tcplab.tools.emu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private final Scheduler scheduler = new Scheduler();

    @Test
    void runsEventsInTimeOrderAndFifoAtEqualTimes() {
        record Scheduled(long time, int order) {
        }
        List<Scheduled> planned = new ArrayList<>();
        List<Scheduled> ran = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            Scheduled event = new Scheduled(random.nextLong(100), i);
            planned.add(event);
            scheduler.at(event.time(), () -> {
                assertThat(scheduler.now()).isEqualTo(event.time());
                ran.add(event);
            });
        }
        scheduler.runUntil(Long.MAX_VALUE);
        planned.sort(Comparator.comparingLong(Scheduled::time).thenComparingInt(Scheduled::order));
        assertThat(ran).containsExactlyElementsOf(planned);
    }

    @Test
    void aSeriesRunsWhereItsEventsWouldHaveRunHadTheyAllBeenScheduledAtOnce() {
        List<String> ran = new ArrayList<>();
        scheduler.at(20, () -> ran.add("before@20"));
        scheduler.atEach(0, 10, 4, (k, t) -> {
            ran.add("series" + k + "@" + t);
            scheduler.at(t + 10, () -> ran.add("later@" + (t + 10))); // after the series' own event then
        });
        scheduler.at(30, () -> ran.add("after@30"));
        assertThat(scheduler.pendingEvents()).isEqualTo(6);
        scheduler.runUntil(Long.MAX_VALUE);
        assertThat(ran).containsExactly("series0@0", "series1@10", "later@10", "before@20", "series2@20",
                "later@20", "series3@30", "after@30", "later@30", "later@40");
        assertThat(scheduler.pendingEvents()).isZero();
    }

    @Test
    void eventsScheduledWhileRunningKeepTheOrder() {
        List<String> ran = new ArrayList<>();
        scheduler.at(5, () -> {
            ran.add("a");
            scheduler.at(5, () -> ran.add("c"));
            scheduler.at(6, () -> ran.add("d"));
        });
        scheduler.at(5, () -> ran.add("b"));
        scheduler.runUntil(10);
        assertThat(ran).containsExactly("a", "b", "c", "d");
        assertThat(scheduler.now()).isEqualTo(10);
    }

    /**
     * Handlers that schedule none, one or several events (the first takes the running event's
     * place in the heap): the order is still (time, insertion), checked against a reference queue.
     */
    @Test
    void eventsThatScheduleEventsRunInTimeThenInsertionOrder() {
        record Planned(long time, long seq) {
        }
        PriorityQueue<Planned> reference = new PriorityQueue<>(
                Comparator.comparingLong(Planned::time).thenComparingLong(Planned::seq));
        SplittableRandom random = new SplittableRandom(7);
        long[] nextSeq = {0};
        List<Planned> ran = new ArrayList<>();
        List<Planned> expected = new ArrayList<>();
        Runnable[] plan = new Runnable[1];
        java.util.function.LongConsumer schedule = time -> {
            Planned p = new Planned(time, nextSeq[0]++);
            reference.add(p);
            scheduler.at(time, () -> {
                ran.add(p);
                expected.add(reference.poll());
                plan[0].run();
            });
        };
        plan[0] = () -> {
            int children = ran.size() < 20_000 ? random.nextInt(4) : 0;
            for (int i = 0; i < children; i++) {
                schedule.accept(scheduler.now() + random.nextLong(3));
            }
        };
        for (int i = 0; i < 50; i++) {
            schedule.accept(random.nextLong(10));
        }
        scheduler.runUntil(Long.MAX_VALUE);
        assertThat(ran).hasSizeGreaterThan(1_000).containsExactlyElementsOf(expected);
        assertThat(scheduler.pendingEvents()).isZero();
    }

    @Test
    void aHandlerCannotRunTheSchedulerItself() {
        scheduler.at(1, () -> scheduler.runUntil(5));
        assertThatThrownBy(() -> scheduler.runUntil(10)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void runUntilATimeRunsEventsAtThatTimeButNotLater() {
        List<Long> ran = new ArrayList<>();
        scheduler.at(10, () -> ran.add(10L));
        scheduler.at(11, () -> ran.add(11L));
        scheduler.runUntil(10);
        assertThat(ran).containsExactly(10L);
        assertThat(scheduler.pendingEvents()).isEqualTo(1);
    }

    @Test
    void runUntilDoneStopsAsSoonAsItHolds() {
        int[] count = {0};
        for (int t = 1; t <= 100; t++) {
            scheduler.at(t, () -> count[0]++);
        }
        assertThat(scheduler.runUntil(() -> count[0] == 30, 1000)).isTrue();
        assertThat(scheduler.now()).isEqualTo(30);
        assertThat(scheduler.runUntil(() -> count[0] == 1000, 50)).isFalse();
        assertThat(scheduler.now()).isEqualTo(50);
        assertThat(count[0]).isEqualTo(50);
    }

    @Test
    void stopEndsTheRunAfterTheCurrentEvent() {
        List<Long> ran = new ArrayList<>();
        scheduler.at(1, () -> ran.add(1L));
        scheduler.at(2, () -> {
            ran.add(2L);
            scheduler.stop();
        });
        scheduler.at(3, () -> ran.add(3L));
        scheduler.runUntil(100);
        assertThat(ran).containsExactly(1L, 2L);
        assertThat(scheduler.now()).isEqualTo(2);
    }

    @Test
    void refusesThePast() {
        scheduler.runUntil(100);
        assertThatThrownBy(() -> scheduler.at(99, () -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before now");
    }
}
