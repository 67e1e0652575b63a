package io.tcplab.stack.timer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The heap against a plain map of keys scanned in full, under random inserts, re-keys and removals. */
class DeadlineHeapPropertyTest {

    @Property(tries = 300)
    void agreesWithAFullScan(@ForAll @IntRange(min = 1, max = 200) int owners,
                             @ForAll @IntRange(min = 1, max = 600) int operations,
                             @ForAll long seed) {
        Random rnd = new Random(seed);
        DeadlineHeap<Integer> heap = new DeadlineHeap<>();
        List<DeadlineHeap.Slot<Integer>> slots = new ArrayList<>();
        for (int i = 0; i < owners; i++) {
            slots.add(new DeadlineHeap.Slot<>(i));
        }
        Map<Integer, Long> model = new HashMap<>();
        List<Integer> due = new ArrayList<>();
        for (int op = 0; op < operations; op++) {
            int who = rnd.nextInt(owners);
            int kind = rnd.nextInt(10);
            if (kind < 7) {
                // keys from a small range, so ties and moves both ways are frequent; some "never"
                long key = rnd.nextInt(8) == 0 ? Long.MAX_VALUE : rnd.nextInt(1000);
                heap.update(slots.get(who), key);
                model.put(who, key);
            } else if (kind < 9) {
                heap.remove(slots.get(who));
                model.remove(who);
            } else {
                long now = rnd.nextInt(1100);
                due.clear();
                heap.collectDue(now, due);
                assertThat(due).containsExactlyInAnyOrderElementsOf(
                        model.entrySet().stream().filter(e -> e.getValue() <= now).map(Map.Entry::getKey).toList());
            }
            assertThat(heap.size()).isEqualTo(model.size());
            assertThat(heap.minKey()).isEqualTo(model.values().stream().mapToLong(Long::longValue).min()
                    .orElse(Long.MAX_VALUE));
            for (int i = 0; i < owners; i++) {
                assertThat(slots.get(i).queued()).isEqualTo(model.containsKey(i));
                if (model.containsKey(i)) {
                    assertThat(heap.keyOf(slots.get(i))).isEqualTo(model.get(i));
                }
            }
        }
    }

    @Property(tries = 50)
    void collectingLooksOnlyAtDueEntriesAndTheirChildren(@ForAll @IntRange(min = 1, max = 2000) int owners,
                                                         @ForAll @IntRange(min = 0, max = 20) int dueCount,
                                                         @ForAll long seed) {
        Random rnd = new Random(seed);
        DeadlineHeap<Integer> heap = new DeadlineHeap<>();
        int expectedDue = Math.min(dueCount, owners);
        for (int i = 0; i < owners; i++) {
            long key = i < expectedDue ? rnd.nextInt(100) : 1_000 + rnd.nextInt(1_000_000);
            heap.update(new DeadlineHeap.Slot<>(i), key);
        }
        List<Integer> due = new ArrayList<>();
        heap.collectDue(100, due);
        assertThat(due).hasSize(expectedDue);
        assertThat(heap.examined()).isLessThanOrEqualTo(1 + 2L * expectedDue);
    }
}
