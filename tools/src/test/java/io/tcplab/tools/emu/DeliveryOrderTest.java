package io.tcplab.tools.emu;

import static io.tcplab.tools.link.TestPackets.ipv4;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.TestPackets;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * The order in which packets and other events run: by arrival time, and at equal times in the
 * order they were scheduled (a packet is scheduled when its link hands it on), whether the
 * packets arrive in sending order or not.
 */
class DeliveryOrderTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final byte[] A = Topologies.addressA();
    private static final byte[] B = Topologies.addressB();

    private static Network twoHosts(LinkParams forward) {
        return Topologies.twoHosts(1, forward, LinkParams.of(), RecordingHost::new, RecordingHost::new);
    }

    private static void sendAt(Network network, long time, int seq, int size) {
        network.at(time, () -> RecordingHost.of(network, "a").send(ipv4(seq, size)));
    }

    private static List<RecordingHost.Arrival> arrivals(Network network) {
        return RecordingHost.of(network, "b").arrivals;
    }

    @Test
    void inOrderPacketsArriveInSendingOrderAtTheirOwnTimes() {
        Network network = twoHosts(LinkParams.of().setRateBitsPerSec(8_000_000).setDelayNanos(MS));
        network.at(0, () -> {
            for (int i = 0; i < 1000; i++) {
                RecordingHost.of(network, "a").send(ipv4(i, 1000)); // 1 ms each at 8 Mbit/s
            }
        });
        network.scheduler().runUntil(0);
        assertThat(network.scheduler().pendingEvents()).isEqualTo(1000); // every packet counts, queued or not
        network.scheduler().runUntil(500 * MS);
        assertThat(network.scheduler().pendingEvents()).isEqualTo(501); // 499 arrived, at 2..500 ms
        network.scheduler().runUntil(10 * SECOND);
        List<RecordingHost.Arrival> arrivals = arrivals(network);
        assertThat(arrivals).hasSize(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(arrivals.get(i)).isEqualTo(new RecordingHost.Arrival((i + 1) * MS + MS, i));
        }
        assertThat(network.pool().outstanding()).isZero();
        assertThat(network.scheduler().pendingEvents()).isZero();
    }

    @Test
    void reorderedPacketIsOvertakenByTheNextOnes() {
        Network network = twoHosts(LinkParams.of().setRateBitsPerSec(8_000_000).setDelayNanos(MS)
                .setReorderDelayNanos(2 * MS));
        network.at(0, () -> RecordingHost.of(network, "a").send(ipv4(0, 1000)));
        network.at(MS, () -> {
            network.link("forward").params().setReorderProbability(1);
            RecordingHost.of(network, "a").send(ipv4(1, 1000));
            network.link("forward").params().setReorderProbability(0);
            for (int i = 2; i < 6; i++) {
                RecordingHost.of(network, "a").send(ipv4(i, 1000));
            }
        });
        network.scheduler().runUntil(SECOND);
        // seq 1 leaves at 2 ms and would arrive at 3 ms; 2 ms more puts it after seq 2 (4 ms)
        // and ties it with seq 3 (5 ms), which was handed on after it.
        assertThat(arrivals(network)).containsExactly(
                new RecordingHost.Arrival(2 * MS, 0),
                new RecordingHost.Arrival(4 * MS, 2),
                new RecordingHost.Arrival(5 * MS, 1),
                new RecordingHost.Arrival(5 * MS, 3),
                new RecordingHost.Arrival(6 * MS, 4),
                new RecordingHost.Arrival(7 * MS, 5));
    }

    @Test
    void packetsSentAfterADelayDecreaseOvertakeThoseSentBefore() {
        Network network = twoHosts(LinkParams.of().setDelayNanos(10 * MS));
        network.schedule("forward", LinkSchedule.parse("delay=2ms@5ms,delay=10ms@9ms"));
        for (int i = 0; i < 12; i++) {
            sendAt(network, i * MS, i, 100);
        }
        network.scheduler().runUntil(SECOND);
        // sent at 0..4 ms: arrive at 10..14 ms; at 5..8 ms: 7..10 ms; at 9..11 ms: 19..21 ms.
        // Seq 8 (8 + 2 ms) and seq 0 (0 + 10 ms) both arrive at 10 ms: seq 0 was handed on first.
        assertThat(arrivals(network)).containsExactly(
                new RecordingHost.Arrival(7 * MS, 5),
                new RecordingHost.Arrival(8 * MS, 6),
                new RecordingHost.Arrival(9 * MS, 7),
                new RecordingHost.Arrival(10 * MS, 0),
                new RecordingHost.Arrival(10 * MS, 8),
                new RecordingHost.Arrival(11 * MS, 1),
                new RecordingHost.Arrival(12 * MS, 2),
                new RecordingHost.Arrival(13 * MS, 3),
                new RecordingHost.Arrival(14 * MS, 4),
                new RecordingHost.Arrival(19 * MS, 9),
                new RecordingHost.Arrival(20 * MS, 10),
                new RecordingHost.Arrival(21 * MS, 11));
        assertThat(network.pool().outstanding()).isZero();
    }

    @Test
    void duplicateArrivesRightAfterItsOriginal() {
        Network network = twoHosts(LinkParams.of().setRateBitsPerSec(8_000_000).setDelayNanos(MS));
        network.at(0, () -> {
            RecordingHost a = RecordingHost.of(network, "a");
            a.send(ipv4(0, 1000));
            network.link("forward").params().setDuplicateProbability(1);
            a.send(ipv4(1, 1000));
            network.link("forward").params().setDuplicateProbability(0);
            a.send(ipv4(2, 1000));
        });
        network.scheduler().runUntil(SECOND);
        assertThat(arrivals(network)).containsExactly(
                new RecordingHost.Arrival(2 * MS, 0),
                new RecordingHost.Arrival(3 * MS, 1),
                new RecordingHost.Arrival(3 * MS, 1),
                new RecordingHost.Arrival(4 * MS, 2));
        assertThat(network.link("forward").counters().duplicated()).isEqualTo(1);
        assertThat(network.pool().outstanding()).isZero();
    }

    @Test
    void equalTimesRunInSchedulingOrderAcrossLinksAndTimers() {
        Network network = new Network(1);
        List<String> log = new ArrayList<>();
        network.addRouter("r");
        network.addHost("a", A, RecordingHost::new);
        network.addHost("c", new byte[] {10, 0, 0, 3}, RecordingHost::new);
        network.addHost("b", B, sink -> new LoggingHost("b", sink, log));
        network.connect("a", "r", LinkParams.of().setDelayNanos(MS), LinkParams.of());
        network.connect("c", "r", LinkParams.of().setDelayNanos(2 * MS), LinkParams.of());
        network.connect("r", "b", LinkParams.of().setDelayNanos(MS), LinkParams.of());
        network.at(0, () -> RecordingHost.of(network, "c").send(TestPackets.ipv4(new byte[] {10, 0, 0, 3}, B, 1, 100, 0)));
        network.at(MS, () -> RecordingHost.of(network, "a").send(ipv4(2, 100)));
        network.at(3 * MS, () -> log.add("timer@" + network.scheduler().now()));
        network.at(MS, () -> RecordingHost.of(network, "a").send(ipv4(3, 100)));
        network.scheduler().runUntil(SECOND);
        // At 2 ms the router gets 1 (from c, handed on at 0) before 2 and 3 (from a, at 1 ms);
        // at 3 ms the timer (scheduled first, at 0) runs before the three arrivals.
        assertThat(log.stream().map(line -> line.replaceAll(":[0-9a-f]+$", "")))
                .containsExactly("timer@3000000", "b@3000000:1", "b@3000000:2", "b@3000000:3");
    }

    /**
     * A run mixing every impairment, routers, delay changes both ways, zero-delay links and
     * ties, whose full arrival log (times, order, contents) must never change.
     */
    @Test
    void mixedRunKeepsItsExactArrivalLog() {
        List<String> log = mixedRun(42);
        assertThat(log).hasSize(EXPECTED_MIXED_ENTRIES);
        assertThat(digest(log)).isEqualTo(EXPECTED_MIXED_DIGEST);
    }

    /** Recorded from the emulator as it was when every packet in flight had its own heap event. */
    private static final int EXPECTED_MIXED_ENTRIES = 2072;
    private static final long EXPECTED_MIXED_DIGEST = 4292179137L;

    static List<String> mixedRun(long seed) {
        List<String> log = new ArrayList<>();
        Network network = new Network(seed);
        network.addRouter("r1");
        network.addRouter("r2");
        for (int i = 0; i < 4; i++) {
            String name = "h" + i;
            network.addHost(name, hostAddress(i), sink -> new LoggingHost(name, sink, log));
        }
        LinkParams fastAccess = LinkParams.of().setDelayNanos(MS);
        LinkParams zeroAccess = LinkParams.of();
        network.connect("h0", "r1", fastAccess, fastAccess);
        network.connect("h1", "r1", zeroAccess, LinkParams.of().setRateBitsPerSec(100_000_000).setDelayNanos(500 * US));
        network.connect("h2", "r2", fastAccess, zeroAccess);
        network.connect("h3", "r2", LinkParams.of().setRateBitsPerSec(20_000_000).setDelayNanos(2 * MS), fastAccess);
        network.connect("r1", "r2", "bottleneck", LinkParams.parse(
                "rate=50Mbit,delay=3ms,queue=30p,ecn=10p,loss=0.02,reorder=0.1,duplicate=0.05,corrupt=0.01"),
                "bottleneck-reverse", LinkParams.parse("rate=10Mbit,delay=3ms,reorder=0.05,reorder-delay=1ms,duplicate=0.02"));
        network.schedule("bottleneck", LinkSchedule.parse("delay=1ms@50ms,delay=6ms@80ms,delay=0@120ms,delay=3ms@150ms,"
                + "reorder-delay=4ms@60ms,rate=0@130ms,rate=50Mbit@140ms"));
        network.schedule("bottleneck-reverse", LinkSchedule.parse("delay=500us@70ms,delay=5ms@100ms"));
        int seq = 0;
        for (int i = 0; i < 1500; i++) {
            long time = i * 113 * US;
            int from = i % 2;
            int to = 2 + (i / 2) % 2;
            int s = seq++;
            int size = 60 + (i * 37) % 1400;
            int ecn = i % 3 == 0 ? TestPackets.ECT0 : TestPackets.NOT_ECT;
            network.at(time, () -> {
                LoggingHost host = (LoggingHost) network.host("h" + from).host();
                ByteBuf p = TestPackets.ipv4(hostAddress(from), hostAddress(to), s, size, ecn);
                host.sink.send(p);
                p.release();
            });
            if (i % 50 == 0) {
                network.at(time + 3 * MS, () -> log.add("timer@" + network.scheduler().now()));
            }
        }
        network.scheduler().runUntil(10 * SECOND);
        assertThat(network.pool().outstanding()).isZero();
        for (var link : network.links()) {
            log.add(link.name() + " " + link.counters());
        }
        return log;
    }

    static long digest(List<String> log) {
        CRC32 crc = new CRC32();
        for (String line : log) {
            crc.update(line.getBytes(StandardCharsets.UTF_8));
            crc.update('\n');
        }
        return crc.getValue();
    }

    private static byte[] hostAddress(int i) {
        return new byte[] {10, 0, 1, (byte) (i + 1)};
    }

    /** Logs every arrival with a checksum of its bytes, and answers every third one. */
    static final class LoggingHost implements EmulatedHost {
        private final String name;
        final PacketSink sink;
        private final List<String> log;

        LoggingHost(String name, PacketSink sink, List<String> log) {
            this.name = name;
            this.sink = sink;
            this.log = log;
        }

        @Override
        public void receive(long nowNanos, ByteBuf ipPacket) {
            int seq = TestPackets.seq(ipPacket);
            CRC32 crc = new CRC32();
            crc.update(ipPacket.nioBuffer());
            log.add(name + "@" + nowNanos + ":" + seq + ":" + Long.toHexString(crc.getValue()));
            if (seq % 3 == 0 && seq < 1_000_000) {
                int at = ipPacket.readerIndex();
                byte[] src = new byte[4];
                byte[] dst = new byte[4];
                ipPacket.getBytes(at + 12, src);
                ipPacket.getBytes(at + 16, dst);
                ByteBuf answer = TestPackets.ipv4(dst, src, seq + 1_000_000, 40 + seq % 200, TestPackets.ECT0);
                sink.send(answer);
                answer.release();
            }
        }

        @Override
        public void poll(long nowNanos) {
        }

        @Override
        public long nextDeadline() {
            return Long.MAX_VALUE;
        }
    }
}
