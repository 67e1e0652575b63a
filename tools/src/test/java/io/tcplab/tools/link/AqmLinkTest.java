package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.aqm.AqmSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A link with an AQM of its own queues: served at the times its timer asks for, it sends what a
 * drop-tail link would when the AQM does not act, and its counters and sojourn times add up.
 * 12 Mbit/s: a 1500-byte packet takes exactly 1 ms.
 */
class AqmLinkTest {
    private static final long MS = 1_000_000;
    private final CapturingOutput out = new CapturingOutput();

    /** A driver like the emulator's: runs the link's service requests in time order, offering packets as they come. */
    private static final class Driver {
        final List<Long> wakes = new ArrayList<>();
        final Link link;

        Driver(Link link) {
            this.link = link;
            link.setServiceTimer(wakes::add);
        }

        /** Offers {@code packets} packets of 1500 B at each of the times, serving every wake due before each. */
        void offer(long[] times, int packets, int firstSeq, int ecn) {
            int seq = firstSeq;
            for (long t : times) {
                runUntil(t);
                for (int i = 0; i < packets; i++) {
                    ByteBuf p = TestPackets.ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, seq++, 1500, ecn);
                    link.offer(t, p);
                    p.release();
                }
            }
        }

        void runUntil(long t) {
            while (!wakes.isEmpty() && wakes.get(0) <= t) {
                link.serve(wakes.remove(0));
            }
        }
    }

    private static LinkParams path(String aqm) {
        return LinkParams.parse("rate=12Mbit,delay=10ms").setAqm(AqmSpec.parse(aqm));
    }

    @Test
    void anAqmThatDoesNotActSendsWhatDropTailSends() {
        CapturingOutput fifoOut = new CapturingOutput();
        Link fifo = fifoOut.link("l", path("droptail"), 1);
        Driver aqm = new Driver(out.link("l", path("codel"), 1));
        long[] bursts = {0, 3 * MS, 30 * MS};
        for (long t : bursts) {
            for (int i = 0; i < 4; i++) {
                ByteBuf p = TestPackets.ipv4(i, 1500);
                fifo.offer(t, p);
                p.release();
            }
        }
        aqm.offer(bursts, 4, 0, TestPackets.NOT_ECT);
        aqm.runUntil(Long.MAX_VALUE);
        // 0-4 ms: the first burst; the second arrives at 3 ms and waits until 4 ms; the third finds the link idle
        assertThat(out.carried.stream().map(CapturingOutput.Carried::depart).toList()).containsExactly(
                MS, 2 * MS, 3 * MS, 4 * MS, 5 * MS, 6 * MS, 7 * MS, 8 * MS, 31 * MS, 32 * MS, 33 * MS, 34 * MS);
        assertThat(out.carried.stream().map(CapturingOutput.Carried::depart).toList())
                .isEqualTo(fifoOut.carried.stream().map(CapturingOutput.Carried::depart).toList());
        assertThat(out.carried.get(0).arrival()).isEqualTo(11 * MS);
        // sojourn times: 0, 1, 2, 3 ms; 1, 2, 3, 4 ms (arrived at 3, left from 4 ms); 0, 1, 2, 3 ms
        assertThat(aqm.link.stats().sojourn()).isEqualTo(fifo.stats().sojourn());
        assertThat(aqm.link.stats().sojourn().maxNanos()).isEqualTo(4 * MS);
        assertThat(aqm.link.stats().sojourn().count()).isEqualTo(12);
        assertThat(aqm.wakes).isEmpty();
        assertThat(aqm.link.stats().queue()).isEqualTo("codel:target=5ms,interval=100ms,ecn=off");
        assertThat(fifo.stats().queue()).isEqualTo("droptail");
    }

    @Test
    void aStandingQueueUnderCodelIsDroppedAtTheHeadAndCounted() {
        Driver d = new Driver(out.link("l", path("codel"), 1));
        long[] times = new long[400];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * MS;
        }
        d.offer(times, 2, 0, TestPackets.NOT_ECT); // twice the rate for 400 ms
        d.runUntil(Long.MAX_VALUE);
        LinkStats s = d.link.stats();
        assertThat(s.offeredPackets()).isEqualTo(800);
        assertThat(s.aqmDropped()).isPositive();
        assertThat(s.overflowDropped()).isZero();
        assertThat(s.delivered() + s.queueDropped()).isEqualTo(800);
        assertThat(s.sojourn().count()).isEqualTo(s.delivered());
        assertThat(out.pool.outstanding()).isZero();
        // the first drop: sojourn times pass 5 ms at 10 ms (the queue grows a packet a ms), so not before 110 ms
        assertThat(out.seqs().subList(0, 100)).containsExactlyElementsOf(java.util.stream.IntStream.range(0, 100).boxed().toList());
    }

    @Test
    void aChangeOfTheLinksQueueLimitReachesTheAqm() {
        Driver d = new Driver(out.link("l", path("codel").setQueueLimit(Limit.packets(100)), 1));
        d.link.params().setQueueLimit(Limit.packets(2)); // as a schedule's queue=2p would
        d.offer(new long[] {0}, 5, 0, TestPackets.NOT_ECT);
        // the first goes straight to the idle transmitter; two wait in CoDel's queue; two find it full
        assertThat(d.link.stats().overflowDropped()).isEqualTo(2);
        assertThat(d.link.queuedPackets(0)).isEqualTo(3);
    }

    @Test
    void dualPi2CountsMarksPerQueue() {
        Driver d = new Driver(out.link("l", path("dualpi2"), 1));
        long[] times = new long[200];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * MS;
        }
        d.offer(times, 1, 0, 1);        // ECT(1), one a ms: the L4S queue
        d.offer(new long[] {200 * MS}, 20, 1000, 1); // a burst of 20: it waits up to 19 ms, over the 1 ms step
        d.runUntil(Long.MAX_VALUE);
        LinkStats s = d.link.stats();
        assertThat(s.dualQueue()).isNotNull();
        assertThat(s.dualQueue().l4sMarked()).isEqualTo(s.ceMarked()).isPositive();
        assertThat(s.dualQueue().classicMarked()).isZero();
        assertThat(s.queueLine()).contains("dualpi2:", "L4S queue " + s.ceMarked() + " marked");
    }

    /**
     * The counters by L4S identifier: at 0 two ECT(1) packets and two Not-ECT ones reach an idle
     * DualPI2 link. The first ECT(1) leaves at once; the L queue goes first (its WRR credit starts
     * negative), so the second leaves at 1 ms, the classic ones at 2 and 3 ms: L sojourns 0 and
     * 1 ms, C 2 and 3 ms (to the histogram's 1/64 octave). No queue passes the 1 ms step: no marks.
     */
    @Test
    void sojournsSplitByTheL4sIdentifier() {
        Driver d = new Driver(out.link("l", path("dualpi2"), 1));
        d.offer(new long[] {0}, 2, 0, 1);
        d.offer(new long[] {0}, 2, 10, TestPackets.NOT_ECT);
        d.runUntil(Long.MAX_VALUE);
        EcnClassCounters.Snapshot s = d.link.counters().byEcnClass().snapshot();
        assertThat(s.l4s().packets()).isEqualTo(2);
        assertThat(s.l4s().p50Nanos()).isZero();
        assertThat(s.l4s().p99Nanos()).isEqualTo(MS);
        assertThat(s.classic().packets()).isEqualTo(2);
        assertThat((double) s.classic().p50Nanos()).isCloseTo(2 * MS, org.assertj.core.api.Assertions.within(0.016 * 2 * MS));
        assertThat(s.classic().maxNanos()).isEqualTo(3 * MS);
        assertThat(s.l4s().marked() + s.classic().marked()).isZero();
        assertThat(s.l4s().quantilesNanos()).hasSize(EcnClassCounters.Stats.QUANTILES);
        assertThat(s.l4s().quantilesNanos()[EcnClassCounters.Stats.QUANTILES - 1]).isEqualTo(MS);
        d.link.counters().byEcnClass().restart();
        assertThat(d.link.counters().byEcnClass().snapshot().classic().packets()).isZero();
    }

    /**
     * A packet keeps the class it arrived with: CoDel with ECN marks a standing queue of ECT(0)
     * packets CE, and every mark, and the sojourn of every marked packet, stays classic.
     */
    @Test
    void aMarkedEct0PacketStaysClassic() {
        Driver d = new Driver(out.link("l", path("codel:ecn=on"), 1));
        long[] times = new long[400];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * MS;
        }
        d.offer(times, 2, 0, TestPackets.ECT0);
        d.runUntil(Long.MAX_VALUE);
        EcnClassCounters.Snapshot s = d.link.counters().byEcnClass().snapshot();
        assertThat(d.link.stats().ceMarked()).isPositive();
        assertThat(s.classic().marked()).isEqualTo(d.link.stats().ceMarked());
        assertThat(s.classic().packets()).isEqualTo(d.link.stats().delivered());
        assertThat(s.l4s().packets() + s.l4s().marked() + s.l4s().dropped()).isZero();
        assertThat(s.classic().dropped()).isEqualTo(d.link.stats().queueDropped());
    }
}
