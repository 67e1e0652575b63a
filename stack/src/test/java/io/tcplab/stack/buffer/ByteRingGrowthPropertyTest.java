package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The ring used as a FIFO (as the send buffer uses it) grows while its contents wrap around the
 * end of the array: after every write and read the bytes agree with a queue model, the array
 * never exceeds the limit, and it grows only when the bytes held pass its size.
 */
class ByteRingGrowthPropertyTest {

    @Property(tries = 300)
    void growsKeepingWrappedBytesInOrder(@ForAll @IntRange(min = 1, max = 64) int initial,
                                         @ForAll @IntRange(min = 1, max = 20_000) int limit,
                                         @ForAll @IntRange(min = 1, max = 300) int operations,
                                         @ForAll long seed) {
        Random rnd = new Random(seed);
        ByteRing ring = new ByteRing(initial, limit);
        ArrayDeque<Byte> model = new ArrayDeque<>();
        int head = 0;
        byte next = 0;
        int highWater = 0;
        for (int op = 0; op < operations; op++) {
            if (rnd.nextBoolean()) {
                int n = Math.min(rnd.nextInt(Math.max(1, limit / 4) + 1), limit - model.size());
                int before = ring.capacity();
                if (ring.ensure(head, (long) model.size() + n)) {
                    head = 0;
                    assertThat(model.size() + n).isGreaterThan(before);
                }
                byte[] src = new byte[n];
                for (int i = 0; i < n; i++) {
                    src[i] = next++;
                    model.add(src[i]);
                }
                ring.put(ring.advance(head, model.size() - n), src, 0, n);
            } else {
                int n = rnd.nextInt(model.size() + 1);
                byte[] out = new byte[n];
                ring.get(head, out, 0, n);
                for (int i = 0; i < n; i++) {
                    assertThat(out[i]).isEqualTo(model.poll());
                }
                head = ring.advance(head, n);
            }
            highWater = Math.max(highWater, model.size());
            assertThat(ring.capacity()).isLessThanOrEqualTo(limit)
                    .isGreaterThanOrEqualTo(model.size())
                    .isLessThanOrEqualTo(Math.max(Math.min(initial, limit), 2 * highWater));
        }
        byte[] rest = new byte[model.size()];
        ring.get(head, rest, 0, rest.length);
        for (byte b : rest) {
            assertThat(b).isEqualTo(model.poll());
        }
    }
}
