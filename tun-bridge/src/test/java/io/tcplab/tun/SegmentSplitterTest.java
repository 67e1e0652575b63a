package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The splitter gives back the wire's packets: split(coalesce(x)) == x, and the kernel's own frames cut right. */
class SegmentSplitterTest {
    private static final int MSS = 1448;

    private final SegmentSplitter splitter = new SegmentSplitter();

    /** One emitted segment: its payload and what changed since the one before. */
    record Step(boolean ipv6, int payload, int flags, boolean newAck, boolean newTimestamp, boolean idJump) {
    }

    @Provide
    Arbitrary<List<Step>> emissions() {
        Arbitrary<Integer> payload = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.just(MSS)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(1, MSS)));
        Arbitrary<Integer> flags = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, Arbitraries.just(TcpHeader.ACK)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(TcpHeader.ACK | TcpHeader.PSH)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(TcpHeader.ACK | TcpHeader.FIN)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(TcpHeader.ACK | TcpHeader.CWR)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(TcpHeader.ACK | TcpHeader.ECE)));
        Arbitrary<Boolean> rarely = Arbitraries.integers().between(0, 19).map(n -> n == 0);
        Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 9).map(n -> n == 0), payload,
                flags, rarely, rarely, rarely).as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(150);
    }

    @Property(tries = 200)
    void splittingWhatTheCoalescerWroteGivesBackTheSameBytes(@ForAll("emissions") List<Step> steps) {
        TestSegments four = new TestSegments(false);
        TestSegments six = new TestSegments(true);
        List<ByteBuf> sent = new ArrayList<>();
        List<ByteBuf> frames = new ArrayList<>();
        SegmentCoalescer coalescer = new SegmentCoalescer(TestSegments.copyingInto(frames));
        for (Step st : steps) {
            TestSegments s = st.ipv6() ? six : four;
            s.flags = st.flags();
            s.ack += st.newAck() ? 1000 : 0;
            s.tsVal += st.newTimestamp() ? 1 : 0;
            s.ipId += st.idJump() ? 3 : 0;
            ByteBuf p = s.build(st.payload());
            sent.add(p);
            coalescer.add(p);
        }
        coalescer.flush();
        coalescer.release();

        List<ByteBuf> received = new ArrayList<>();
        List<ByteBuf> partial = new ArrayList<>();
        SegmentSplitter leavingPartial = new SegmentSplitter(false);
        for (ByteBuf f : frames) {
            ByteBuf copy = f.copy(); // a split changes its frame in place
            splitter.split(f, p -> received.add(Unpooled.copiedBuffer(p)));
            leavingPartial.split(copy, p -> partial.add(completedAsADeviceWould(p)));
        }
        assertThat(received).hasSameSizeAs(sent);
        assertThat(partial).hasSameSizeAs(sent);
        for (int i = 0; i < sent.size(); i++) {
            assertThat(ByteBufUtil.hexDump(received.get(i))).as("packet %d", i).isEqualTo(ByteBufUtil.hexDump(sent.get(i)));
            assertThat(TestSegments.checksumsOk(received.get(i))).isTrue();
            assertThat(ByteBufUtil.hexDump(partial.get(i))).as("packet %d, its partial checksum completed", i)
                    .isEqualTo(ByteBufUtil.hexDump(sent.get(i)));
        }
        assertThat(frames.size()).isLessThanOrEqualTo(sent.size());
        if (twoJoinable(steps)) {
            assertThat(frames.size()).as("frames for %d packets", sent.size()).isLessThan(sent.size());
        }
        assertThat(splitter.malformed()).isZero();
    }

    /**
     * A copy of a packet from a splitter that leaves TCP checksums partial, completed as a device
     * (or the kernel's skb_checksum_help) completes CHECKSUM_PARTIAL: the sum from the TCP header
     * to the end, over the pseudo-header sum the field holds. A packet with a whole checksum, left
     * as it is.
     */
    private static ByteBuf completedAsADeviceWould(ByteBuf p) {
        ByteBuf c = Unpooled.copiedBuffer(p);
        if (TestSegments.checksumsOk(c)) {
            return c;
        }
        int tcp = (c.getUnsignedByte(0) >> 4) == 6 ? 40 : (c.getUnsignedByte(0) & 0xf) * 4;
        c.setShort(tcp + 16, Checksum.fold(Checksum.sum(c, tcp, c.readableBytes() - tcp, 0)));
        return c;
    }

    /** Segments shorter than their headers: each one's headers are written over more than one earlier payload. */
    @Test
    void segmentsShorterThanTheirHeadersAreCutRight() {
        for (boolean ipv6 : new boolean[] {false, true}) {
            TestSegments s = new TestSegments(ipv6);
            List<ByteBuf> sent = new ArrayList<>();
            List<ByteBuf> frames = new ArrayList<>();
            SegmentCoalescer coalescer = new SegmentCoalescer(TestSegments.copyingInto(frames));
            for (int i = 0; i < 9; i++) {
                ByteBuf p = s.build(i == 8 ? 3 : 10);
                sent.add(p);
                coalescer.add(p);
            }
            coalescer.flush();
            coalescer.release();
            assertThat(frames).hasSize(1);

            List<ByteBuf> received = new ArrayList<>();
            assertThat(splitter.split(frames.get(0), p -> received.add(Unpooled.copiedBuffer(p)))).isEqualTo(9);
            assertThat(received).extracting(ByteBufUtil::hexDump)
                    .containsExactlyElementsOf(sent.stream().map(ByteBufUtil::hexDump).toList());
        }
    }

    /** Two full plain segments of one connection in a row, nothing changed: those join whatever else happens. */
    private static boolean twoJoinable(List<Step> steps) {
        for (int i = 1; i < steps.size(); i++) {
            Step a = steps.get(i - 1);
            Step b = steps.get(i);
            if (a.ipv6() == b.ipv6() && a.payload() == MSS && a.flags() == TcpHeader.ACK && b.flags() == TcpHeader.ACK
                    && !b.newAck() && !b.newTimestamp() && !b.idJump()) {
                return true;
            }
        }
        return false;
    }

    /** The coalescer's frame for three full segments of one IPv4 connection. */
    private static ByteBuf superSegmentOfThree() {
        TestSegments s = new TestSegments(false);
        List<ByteBuf> frames = new ArrayList<>();
        SegmentCoalescer coalescer = new SegmentCoalescer(TestSegments.copyingInto(frames));
        for (int i = 0; i < 3; i++) {
            coalescer.add(s.build(MSS));
        }
        coalescer.flush();
        coalescer.release();
        assertThat(frames).hasSize(1);
        return frames.get(0);
    }

    @Test
    void theKernelsSuperSegmentKeepsCwrOnTheFirstAndPshOnTheLastAndNumbersIpIds() {
        ByteBuf f = superSegmentOfThree();
        int tcp = VirtioNetHeader.LENGTH + 20;
        f.setByte(tcp + 13, TcpHeader.ACK | TcpHeader.CWR | TcpHeader.PSH); // as a kernel's TSO skb may carry
        f.setByte(1, VirtioNetHeader.GSO_TCPV4 | VirtioNetHeader.GSO_ECN);

        List<ByteBuf> out = new ArrayList<>();
        assertThat(splitter.split(f, p -> out.add(Unpooled.copiedBuffer(p)))).isEqualTo(3);
        assertThat(out).extracting(p -> (int) p.getUnsignedByte(20 + 13)).containsExactly(TcpHeader.ACK | TcpHeader.CWR,
                TcpHeader.ACK, TcpHeader.ACK | TcpHeader.PSH);
        assertThat(out).extracting(p -> p.getUnsignedShort(4)).containsExactly(7, 8, 9);
        assertThat(out).extracting(p -> p.getInt(20 + 4)).containsExactly(1000, 1000 + MSS, 1000 + 2 * MSS);
        assertThat(out).allMatch(TestSegments::checksumsOk);
        assertThat(splitter.superSegments()).isEqualTo(1);
    }

    @Test
    void coalescingAndSplittingAllocateNothingPerPacket() {
        TestSegments s = new TestSegments(false);
        ByteBuf[] packets = new ByteBuf[64];
        for (int i = 0; i < packets.length; i++) {
            packets[i] = Unpooled.directBuffer().writeBytes(s.build(MSS));
        }
        long[] count = new long[1];
        SegmentSplitter.PacketConsumer consumer = p -> count[0]++;
        SegmentCoalescer coalescer = new SegmentCoalescer((frame, n) -> {
            splitter.split(frame, consumer);
            return frame;
        });
        Runnable round = () -> {
            for (int i = 0; i < packets.length; i++) { // an index: an iterator would be the one allocation
                coalescer.add(packets[i]);
            }
            coalescer.flush();
        };
        for (int i = 0; i < 2_000; i++) {
            round.run(); // warm up: the JIT compiles the paths before the count
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000; i++) {
            round.run();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        coalescer.release();
        assertThat(count[0]).isEqualTo(3_000L * 64);
        assertThat(allocated).as("bytes allocated for 64,000 packets joined and split").isLessThan(4096);
    }

    @Test
    void aPartialChecksumIsCompleted() {
        for (boolean ipv6 : new boolean[] {false, true}) {
            ByteBuf p = new TestSegments(ipv6).build(700);
            int ipLength = ipv6 ? 40 : 20;
            ByteBuf frame = Unpooled.buffer().writeZero(VirtioNetHeader.LENGTH).writeBytes(p.duplicate());
            int tcp = VirtioNetHeader.LENGTH + ipLength;
            int tcpLength = p.readableBytes() - ipLength;
            int pseudo = ipv6 ? Checksum.pseudoHeaderV6(frame, VirtioNetHeader.LENGTH, tcpLength)
                    : Checksum.pseudoHeaderV4(frame, VirtioNetHeader.LENGTH, tcpLength);
            frame.setShort(tcp + 16, ~Checksum.fold(pseudo)); // CHECKSUM_PARTIAL, as the kernel hands it over
            VirtioNetHeader h = new VirtioNetHeader().none();
            h.flags = VirtioNetHeader.F_NEEDS_CSUM;
            h.csumStart = ipLength;
            h.csumOffset = 16;
            h.encode(frame, 0);

            ByteBuf asHandedOver = frame.slice(VirtioNetHeader.LENGTH, p.readableBytes()).copy();
            SegmentSplitter leavingPartial = new SegmentSplitter(false);
            List<ByteBuf> left = new ArrayList<>();
            assertThat(leavingPartial.split(frame, x -> {
                assertThat(leavingPartial.checksumKnownGood()).isTrue();
                left.add(Unpooled.copiedBuffer(x));
            })).isEqualTo(1);
            assertThat(ByteBufUtil.hexDump(left.get(0))).as("not completed: nobody reads it")
                    .isEqualTo(ByteBufUtil.hexDump(asHandedOver));

            List<ByteBuf> out = new ArrayList<>();
            assertThat(splitter.split(frame, x -> out.add(Unpooled.copiedBuffer(x)))).isEqualTo(1);
            assertThat(ByteBufUtil.hexDump(out.get(0))).isEqualTo(ByteBufUtil.hexDump(p));
        }
    }

    /**
     * The stack need not sum again what the splitter summed (a cut segment, a completed partial sum)
     * or what the kernel verified (DATA_VALID); a plain frame's checksum is the stack's to verify.
     */
    @Test
    void saysWhichChecksumsAreKnownGood() {
        ByteBuf p = new TestSegments(false).build(MSS);
        int[][] cases = {{0, 0}, {VirtioNetHeader.F_DATA_VALID, 1}, {VirtioNetHeader.F_NEEDS_CSUM, 1}};
        for (int[] flagsAndKnown : cases) {
            ByteBuf frame = Unpooled.buffer().writeZero(VirtioNetHeader.LENGTH).writeBytes(p.duplicate());
            VirtioNetHeader h = new VirtioNetHeader().none();
            h.flags = flagsAndKnown[0];
            h.csumStart = 20;
            h.csumOffset = 16;
            h.encode(frame, 0);
            List<Boolean> known = new ArrayList<>();
            splitter.split(frame, x -> known.add(splitter.checksumKnownGood()));
            assertThat(known).as("flags %d", flagsAndKnown[0]).containsExactly(flagsAndKnown[1] == 1);
        }
        List<Boolean> known = new ArrayList<>();
        assertThat(splitter.split(superSegmentOfThree(), x -> known.add(splitter.checksumKnownGood()))).isEqualTo(3);
        assertThat(known).containsExactly(true, true, true);
    }

    @Test
    void framesThatMakeNoSenseAreDroppedAndCounted() {
        ByteBuf p = new TestSegments(false).build(MSS);
        assertThat(splitter.split(Unpooled.buffer().writeZero(4), x -> { })).isZero();
        for (int[] typeAndSize : new int[][] {{VirtioNetHeader.GSO_UDP_L4, MSS}, {VirtioNetHeader.GSO_TCPV4, 0}}) {
            ByteBuf frame = Unpooled.buffer().writeZero(VirtioNetHeader.LENGTH).writeBytes(p.duplicate());
            VirtioNetHeader h = new VirtioNetHeader().tcpSegmentation(false, 20, 32, typeAndSize[1]);
            h.gsoType = typeAndSize[0];
            h.encode(frame, 0);
            assertThat(splitter.split(frame, x -> { })).isZero();
        }
        ByteBuf headersOnly = Unpooled.buffer().writeZero(VirtioNetHeader.LENGTH).writeBytes(p, 0, 52);
        new VirtioNetHeader().tcpSegmentation(false, 20, 32, MSS).encode(headersOnly, 0);
        assertThat(splitter.split(headersOnly, x -> { })).isZero();
        assertThat(splitter.malformed()).isEqualTo(4);
        assertThat(splitter.packets()).isZero();
    }
}
