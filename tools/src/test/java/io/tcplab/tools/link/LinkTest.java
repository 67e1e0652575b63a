package io.tcplab.tools.link;

import static io.tcplab.tools.link.TestPackets.ipv4;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinkTest {
    private static final long MS = 1_000_000L;
    private static final long GBIT = 1_000_000_000L;
    /** 1500 bytes at 1 Gbit/s. */
    private static final long PACKET_TIME = 12_000L;

    private final CapturingOutput out = new CapturingOutput();

    private static void offer(Link link, long now, int seq, int size) {
        ByteBuf packet = ipv4(seq, size);
        link.offer(now, packet);
        packet.release();
    }

    @Test
    void idleLinkArrivalIsSerializationPlusPropagation() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(10 * MS), 1);
        offer(link, 5 * MS, 0, 1500);

        assertThat(out.carried).singleElement().satisfies(c -> {
            assertThat(c.depart()).isEqualTo(5 * MS + PACKET_TIME);
            assertThat(c.arrival()).isEqualTo(5 * MS + PACKET_TIME + 10 * MS);
        });
    }

    @Test
    void backToBackPacketsAreSpacedBySerializationTime() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(MS), 1);
        for (int i = 0; i < 5; i++) {
            offer(link, 0, i, 1500);
        }
        assertThat(out.carried).extracting(CapturingOutput.Carried::arrival)
                .containsExactly(MS + PACKET_TIME, MS + 2 * PACKET_TIME, MS + 3 * PACKET_TIME,
                        MS + 4 * PACKET_TIME, MS + 5 * PACKET_TIME);
    }

    @Test
    void ethernetFramingTakesThirtyEightMoreBytesOfLinePerPacket() {
        // 1538 bytes at 1 Gbit/s: 12304 ns apart instead of 12000.
        Link link = out.link("l", LinkParams.parse("rate=1Gbit,delay=1ms,framing=ethernet"), 1);
        for (int i = 0; i < 3; i++) {
            offer(link, 0, i, 1500);
        }
        assertThat(out.carried).extracting(CapturingOutput.Carried::arrival)
                .containsExactly(MS + 12_304, MS + 2 * 12_304, MS + 3 * 12_304);
        assertThat(link.queuedBytes(0)).isEqualTo(3 * 1500); // queue limits count IP bytes
    }

    @Test
    void anUnknownFramingIsRefusedWithTheAllowedOnes() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LinkParams.parse("framing=atm"))
                .hasMessage("bad framing 'atm': expected none or ethernet");
    }

    @Test
    void roundingNeverMakesTheRateDrift() {
        // 1500 bytes at 7 Mbit/s is 1714285.71 ns: a thousand packets take exactly 1714285714 ns.
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(7_000_000), 1);
        for (int i = 0; i < 1000; i++) {
            offer(link, 0, i, 1500);
        }
        assertThat(out.carried.get(999).depart()).isEqualTo(1_714_285_714L);
    }

    @Test
    void dropTailInPacketsDropsExactlyTheOverflow() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setQueueLimit(Limit.packets(10)), 1);
        for (int i = 0; i < 15; i++) {
            offer(link, 0, i, 1500);
        }
        assertThat(out.seqs()).containsExactlyElementsOf(IntStream.range(0, 10).boxed().toList());
        assertThat(link.counters().queueDropped()).isEqualTo(5);
        assertThat(link.counters().maxQueuePackets()).isEqualTo(10);

        // Once two packets are fully sent, exactly two more fit.
        for (int i = 15; i < 18; i++) {
            offer(link, 2 * PACKET_TIME, i, 1500);
        }
        assertThat(out.seqs()).endsWith(15, 16);
        assertThat(link.counters().queueDropped()).isEqualTo(6);
    }

    @Test
    void dropTailInBytesDropsExactlyTheOverflow() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setQueueLimit(Limit.bytes(4000)), 1);
        offer(link, 0, 0, 1500);
        offer(link, 0, 1, 1500);
        offer(link, 0, 2, 1500); // 4500 > 4000: dropped
        offer(link, 0, 3, 1000); // exactly 4000: fits
        offer(link, 0, 4, 40);
        assertThat(out.seqs()).containsExactly(0, 1, 3);
        assertThat(link.counters().queueDropped()).isEqualTo(2);
        assertThat(link.queuedBytes(0)).isEqualTo(4000);
        assertThat(link.counters().maxQueueBytes()).isEqualTo(4000);
    }

    @Test
    void periodicLossDropsExactlyEveryNth() {
        Link link = out.link("l", LinkParams.of().setLossEvery(5), 1);
        for (int i = 1; i <= 100; i++) {
            offer(link, 0, i, 100);
        }
        assertThat(out.seqs()).noneMatch(seq -> seq % 5 == 0).hasSize(80);
        assertThat(link.counters().lost()).isEqualTo(20);
    }

    @Test
    void randomLossRateIsWithinStatisticalBounds() {
        Link link = out.link("l", LinkParams.of().setLossProbability(0.1), 42);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            offer(link, 0, i, 64);
        }
        // sigma = sqrt(n p (1-p)) ~ 95; five sigmas either way.
        assertThat(link.counters().lost()).isBetween(10_000L - 475, 10_000L + 475);
        assertThat(link.counters().delivered() + link.counters().lost()).isEqualTo(n);
    }

    @Test
    void duplicatesArriveRightWithTheOriginal() {
        Link link = out.link("l", LinkParams.of().setDuplicateProbability(1).setDelayNanos(MS), 1);
        offer(link, 0, 7, 100);
        offer(link, 10, 8, 100);
        assertThat(out.seqs()).containsExactly(7, 7, 8, 8);
        assertThat(out.carried.get(1).arrival()).isEqualTo(out.carried.get(0).arrival());
        assertThat(link.counters().duplicated()).isEqualTo(2);
        assertThat(link.counters().delivered()).isEqualTo(4);
    }

    @Test
    void reorderedPacketsAreOvertaken() {
        LinkParams params = LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(10 * MS).setReorderProbability(0.2);
        Link link = out.link("l", params, 3);
        for (int i = 0; i < 1000; i++) {
            offer(link, i * PACKET_TIME, i, 1500);
        }
        List<Integer> byArrival = out.carried.stream()
                .sorted(java.util.Comparator.comparingLong(CapturingOutput.Carried::arrival))
                .map(CapturingOutput.Carried::seq).toList();
        assertThat(byArrival).isNotEqualTo(out.seqs());
        assertThat(link.counters().reordered()).isBetween(150L, 250L);
        // Default extra delay: 10% of the delay, as it exceeds three packet times here.
        CapturingOutput.Carried late = out.carried.stream()
                .filter(c -> c.arrival() - c.depart() > 10 * MS).findFirst().orElseThrow();
        assertThat(late.arrival() - late.depart()).isEqualTo(11 * MS);
    }

    @Test
    void jitterIsUniformUpToItsBound() {
        long jitter = 600_000; // packets 1 ms apart: no draw is held back by the packet before
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(10 * MS).setJitterNanos(jitter), 5);
        for (int i = 0; i < 2000; i++) {
            offer(link, i * MS, i, 1500);
        }
        List<Long> extra = out.carried.stream().map(c -> c.arrival() - c.depart() - 10 * MS).toList();
        assertThat(extra).allSatisfy(e -> assertThat(e).isBetween(0L, jitter));
        double mean = extra.stream().mapToLong(Long::longValue).average().orElseThrow();
        assertThat(mean).isBetween(0.47 * jitter, 0.53 * jitter); // 300 us, sd of the mean 3.9 us
        assertThat(extra.stream().filter(e -> e < jitter / 10).count()).isBetween(150L, 250L);
    }

    @Test
    void jitterNeverLetsAPacketOvertakeTheOneBefore() {
        long jitter = 600_000; // fifty packet times
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(10 * MS).setJitterNanos(jitter), 5);
        for (int i = 0; i < 2000; i++) {
            offer(link, i * PACKET_TIME, i, 1500);
        }
        assertThat(out.carried).extracting(CapturingOutput.Carried::arrival).isSorted();
        assertThat(out.carried).allSatisfy(c -> assertThat(c.arrival() - c.depart()).isBetween(10 * MS, 10 * MS + jitter));
        assertThat(out.seqs()).isEqualTo(IntStream.range(0, 2000).boxed().toList());
    }

    @Test
    void withoutJitterAPacketsDelayIsExact() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setDelayNanos(10 * MS), 5);
        for (int i = 0; i < 100; i++) {
            offer(link, i * 4 * PACKET_TIME, i, 1500);
        }
        assertThat(out.carried).allSatisfy(c -> assertThat(c.arrival() - c.depart()).isEqualTo(10 * MS));
    }

    @Test
    void corruptionFlipsExactlyOneBit() {
        Link link = out.link("l", LinkParams.of().setCorruptProbability(1), 9);
        List<byte[]> originals = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ByteBuf packet = ipv4(i, 300);
            originals.add(io.netty.buffer.ByteBufUtil.getBytes(packet));
            link.offer(0, packet);
            packet.release();
        }
        Set<Integer> flippedBits = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            byte[] sent = originals.get(i);
            byte[] got = out.carried.get(i).bytes();
            int differing = 0;
            for (int b = 0; b < sent.length; b++) {
                int diff = (sent[b] ^ got[b]) & 0xff;
                differing += Integer.bitCount(diff);
                if (diff != 0) {
                    flippedBits.add(b * 8 + Integer.numberOfLeadingZeros(diff) - 24);
                }
            }
            assertThat(differing).as("bits flipped in packet %d", i).isEqualTo(1);
        }
        assertThat(flippedBits).as("flips land anywhere in the packet").hasSizeGreaterThan(150);
        assertThat(link.counters().corrupted()).isEqualTo(200);
    }

    @Test
    void ecnStepMarksCeAboveTheThresholdAndKeepsTheChecksumValid() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setEcnThreshold(Limit.packets(2)), 1);
        byte[] a = {10, 0, 0, 1};
        byte[] b = {10, 0, 0, 2};
        for (int i = 0; i < 6; i++) {
            ByteBuf packet = ipv4(a, b, i, 1500, i == 4 ? TestPackets.NOT_ECT : TestPackets.ECT0);
            link.offer(0, packet);
            packet.release();
        }
        List<Integer> ecn = out.carried.stream().map(c -> TestPackets.ecn(io.netty.buffer.Unpooled.wrappedBuffer(c.bytes()))).toList();
        // Packets 0-2 find 0, 1, 2 queued (not above 2); 3 and 5 are marked, 4 is not ECN-capable.
        assertThat(ecn).containsExactly(2, 2, 2, 3, 0, 3);
        assertThat(out.carried).allSatisfy(c ->
                assertThat(TestPackets.ipv4ChecksumValid(io.netty.buffer.Unpooled.wrappedBuffer(c.bytes()))).isTrue());
        assertThat(link.counters().ceMarked()).isEqualTo(2);
    }

    @Test
    void countsEcnCapablePacketsAndTheReductionsAnnouncedWithCwr() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT), 1);
        int syn = 0x02;
        int ack = 0x10;
        int ece = 0x40;
        int cwr = 0x80;
        ByteBuf[] packets = {
            TestPackets.tcpv4(syn | ece | cwr, 60, TestPackets.NOT_ECT), // ECN-setup SYN: reduces nothing
            TestPackets.tcpv4(ack, 1500, TestPackets.ECT0),
            TestPackets.tcpv4(ack | cwr, 1500, TestPackets.ECT0), // the first segment after a reduction
            TestPackets.tcpv4(ack, 1500, TestPackets.CE), // marked by a queue before: still ECN-capable (RFC 3168 §5)
            TestPackets.tcpv4(ack | cwr, 1500, TestPackets.NOT_ECT),
            ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, 7, 1500, TestPackets.ECT0), // not TCP
        };
        for (ByteBuf p : packets) {
            link.offer(0, p);
            p.release();
        }
        assertThat(link.counters().ectOffered()).isEqualTo(4);
        assertThat(link.counters().cwrOffered()).isEqualTo(2);
    }

    @Test
    void ecnMarksIpv6Too() {
        Link link = out.link("l", LinkParams.of().setRateBitsPerSec(GBIT).setEcnThreshold(Limit.bytes(0)), 1);
        byte[] a = new byte[16];
        byte[] b = new byte[16];
        b[15] = 1;
        for (int i = 0; i < 2; i++) {
            ByteBuf packet = TestPackets.ipv6(a, b, i, 1500, TestPackets.ECT0);
            link.offer(0, packet);
            packet.release();
        }
        assertThat(out.carried).extracting(c -> TestPackets.ecn(io.netty.buffer.Unpooled.wrappedBuffer(c.bytes())))
                .containsExactly(2, 3);
    }

    @Test
    void duplicationDoesNotChangeWhichPacketsRandomLossDrops() {
        assertThat(delivered(LinkParams.of().setLossProbability(0.1)))
                .isEqualTo(delivered(LinkParams.of().setLossProbability(0.1).setDuplicateProbability(0.3)
                        .setReorderProbability(0.2)));
    }

    private static Set<Integer> delivered(LinkParams params) {
        CapturingOutput output = new CapturingOutput();
        Link link = output.link("bottleneck", params, 1234);
        for (int i = 0; i < 5000; i++) {
            offer(link, i * 1000L, i, 100);
        }
        return new HashSet<>(output.seqs());
    }

    @Test
    void everyBufferGoesBackToThePool() {
        Link link = out.link("l", LinkParams.of().setDuplicateProbability(0.5).setLossProbability(0.5), 1);
        for (int i = 0; i < 100; i++) {
            offer(link, 0, i, 100);
        }
        assertThat(out.pool.outstanding()).isZero();
    }
}
