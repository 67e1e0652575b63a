package io.tcplab.tools.link.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ReleaseQueueTest {
    @Test
    void releasesByArrivalAndKeepsTheOrderOfEqualArrivals() {
        ReleaseQueue q = new ReleaseQueue();
        SplittableRandom r = new SplittableRandom(3);
        List<long[]> pushed = new ArrayList<>();
        for (int i = 0; i < 1000; i++) { // more than the initial 256: it grows
            long arrival = Long.MAX_VALUE - 500 + r.nextInt(40); // across the nanoTime wrap
            ByteBuf b = Unpooled.buffer(4).writeInt(i);
            q.carry(b, 0, arrival);
            pushed.add(new long[] {arrival, i});
        }
        pushed.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0] - y[0], 0) : Long.compare(x[1], y[1]));
        for (long[] expected : pushed) {
            assertThat(q.headArrival()).isEqualTo(expected[0]);
            assertThat(q.pop().getInt(0)).isEqualTo((int) expected[1]);
        }
        assertThat(q.isEmpty()).isTrue();
    }
}
