package io.tcplab.tools.link.aqm;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.TestPackets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FQ-CoDel's scheduler against RFC 8290 §4.1–4.2 worked by hand: flows are told apart by source
 * address (host 1, 2, 3 hash to three different queues of 1024 with this perturbation, checked
 * first), packets carry their flow in the hundreds of their sequence number (host 2's third is 202).
 */
class FqCoDelQueueTest {
    private static final long PERTURBATION = 42;
    private final AqmHarness h = new AqmHarness();

    private FqCoDelQueue fq(int quantum, Limit limit) {
        FqCoDelQueue q = new FqCoDelQueue(new FqCoDelParams(5_000_000, 100_000_000, false, quantum, 1024), h.slots, h,
                limit, PERTURBATION);
        List<Integer> queues = new ArrayList<>();
        for (int host = 1; host <= 3; host++) {
            queues.add(FlowHash.queue(AqmHarness.packet(host, 0, 100, 0), PERTURBATION, 1024));
        }
        assertThat(queues).doesNotHaveDuplicates();
        return q;
    }

    private void send(FqCoDelQueue q, int host, int count, int size) {
        send(q, host, count, size, host * 100);
    }

    private void send(FqCoDelQueue q, int host, int count, int size, int firstSeq) {
        for (int i = 0; i < count; i++) {
            ByteBuf p = AqmHarness.packet(host, firstSeq + i, size, TestPackets.NOT_ECT);
            q.enqueue(0, h.slot(p, 0));
        }
    }

    private List<Integer> drain(FqCoDelQueue q) {
        List<Integer> order = new ArrayList<>();
        for (int seq = h.dequeue(q, 0); seq >= 0; seq = h.dequeue(q, 0)) {
            order.add(seq);
        }
        return order;
    }

    @Test
    void aQuantumOfOnePacketAlternatesTheFlows() {
        FqCoDelQueue q = fq(1500, Limit.packets(10240));
        send(q, 1, 3, 1500);
        send(q, 2, 3, 1500);
        // flow 1 spends its quantum on 100 and goes to the old list; flow 2 likewise on 200; then
        // the old list takes turns, each flow topped up by one quantum as it comes round
        assertThat(drain(q)).containsExactly(100, 200, 101, 201, 102, 202);
    }

    @Test
    void aQuantumOfTwoPacketsSendsTwoAtEachTurn() {
        FqCoDelQueue q = fq(3000, Limit.packets(10240));
        send(q, 1, 3, 1500);
        send(q, 2, 3, 1500);
        assertThat(drain(q)).containsExactly(100, 101, 200, 201, 102, 202);
    }

    @Test
    void smallPacketsShareTheQuantumByBytes() {
        FqCoDelQueue q = fq(1500, Limit.packets(10240));
        send(q, 1, 4, 500);   // 500 B: three fit in a 1500 B deficit (it reaches 0), the fourth waits
        send(q, 2, 2, 1500);
        assertThat(drain(q)).containsExactly(100, 101, 102, 200, 103, 201);
    }

    @Test
    void aNewFlowGoesBeforeTheOldOnes() {
        FqCoDelQueue q = fq(1500, Limit.packets(10240));
        send(q, 1, 5, 1500);
        assertThat(h.dequeue(q, 0)).isEqualTo(100); // flow 1 is now on the old list
        send(q, 3, 1, 1500);                        // flow 3 arrives: new, served first
        assertThat(drain(q)).containsExactly(300, 101, 102, 103, 104);
    }

    @Test
    void anEmptiedNewFlowGoesToTheOldListSoItCannotStayNew() {
        FqCoDelQueue q = fq(3000, Limit.packets(10240)); // two 1500 B packets per turn
        send(q, 1, 6, 1500);
        send(q, 3, 6, 1500);
        for (int seq : new int[] {100, 101, 300, 301, 102}) {
            assertThat(h.dequeue(q, 0)).isEqualTo(seq); // both flows now take turns on the old list
        }
        send(q, 2, 1, 500);
        assertThat(h.dequeue(q, 0)).isEqualTo(200);     // flow 2 is new: served at once, 2500 B of deficit left
        assertThat(h.dequeue(q, 0)).isEqualTo(103);     // flow 2, empty, went behind flows 1 and 3 (§4.2)
        send(q, 2, 1, 500, 201);                        // so its next packet is not new: it waits its turn
        assertThat(drain(q)).containsExactly(302, 303, 201, 104, 105, 304, 305);
    }

    @Test
    void overTheLimitTheHeadOfTheFattestQueueIsDropped() {
        FqCoDelQueue q = fq(1500, Limit.packets(4));
        send(q, 1, 3, 1500);
        send(q, 2, 1, 1500);
        send(q, 3, 1, 1500); // the fifth packet: flow 1 holds the most bytes, its head goes
        assertThat(h.drops).containsExactly(new AqmHarness.Event(100, AqmSink.Cause.OVERFLOW, QueueClass.SINGLE));
        assertThat(q.packets()).isEqualTo(4);
        assertThat(drain(q)).containsExactly(101, 200, 300, 102);
    }

    @Test
    void theSameFiveTupleAlwaysHashesToTheSameQueue() {
        ByteBuf a = TestPackets.tcpv4(0x10, 100, 0);
        ByteBuf b = TestPackets.tcpv4(0x10, 1400, 2); // other size, ECN field, payload: same flow
        assertThat(FlowHash.queue(a, 7, 1024)).isEqualTo(FlowHash.queue(b, 7, 1024));
        ByteBuf otherPort = TestPackets.tcpv4(0x10, 100, 0);
        otherPort.setShort(20, 40001);
        int differ = 0;
        for (long perturbation = 0; perturbation < 100; perturbation++) {
            differ += FlowHash.queue(a, perturbation, 1024) != FlowHash.queue(otherPort, perturbation, 1024) ? 1 : 0;
        }
        assertThat(differ).isGreaterThan(95); // two flows share a queue with probability 1/1024
    }
}
