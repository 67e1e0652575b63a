package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which segments the coalescer joins into one super-segment, which it writes alone, and which ACKs it thins. */
class SegmentCoalescerTest {
    private static final int MSS = 1448;

    private final List<ByteBuf> frames = new ArrayList<>();
    private final SegmentCoalescer coalescer = new SegmentCoalescer(TestSegments.copyingInto(frames));
    private final TestSegments s = new TestSegments(false);

    @AfterEach
    void release() {
        coalescer.release();
    }

    @Test
    void consecutiveFullSegmentsBecomeOneSuperSegmentTheKernelCanCut() {
        for (int i = 0; i < 4; i++) {
            coalescer.add(s.build(MSS));
        }
        coalescer.add(s.build(100)); // a shorter last one joins and ends the run
        coalescer.flush();

        assertThat(frames).hasSize(1);
        ByteBuf f = frames.get(0);
        VirtioNetHeader h = new VirtioNetHeader().decode(f, 0);
        assertThat(h.flags).isEqualTo(VirtioNetHeader.F_NEEDS_CSUM);
        assertThat(h.gsoType).isEqualTo(VirtioNetHeader.GSO_TCPV4);
        assertThat(h.gsoSize).isEqualTo(MSS);
        assertThat(h.hdrLen).isEqualTo(20 + 32);
        assertThat(h.csumStart).isEqualTo(20);
        assertThat(h.csumOffset).isEqualTo(16);
        int ip = VirtioNetHeader.LENGTH;
        int total = 52 + 4 * MSS + 100;
        assertThat(f.readableBytes()).isEqualTo(ip + total);
        assertThat(f.getUnsignedShort(ip + 2)).as("IPv4 total length of the whole").isEqualTo(total);
        assertThat(f.getUnsignedShort(ip + 4)).as("the first segment's IP id").isEqualTo(7);
        assertThat(Checksum.fold(Checksum.sum(f, ip, 20, 0))).as("IPv4 header checksum verifies").isZero();
        int pseudo = Checksum.pseudoHeaderV4(f, ip, total - 20);
        assertThat(f.getUnsignedShort(ip + 20 + 16)).as("TCP checksum field: the pseudo-header sum, not complemented")
                .isEqualTo(~Checksum.fold(pseudo) & 0xffff);
        assertThat(coalescer.superSegments()).isEqualTo(1);
        assertThat(coalescer.frames()).isEqualTo(1);
        assertThat(coalescer.packets()).isEqualTo(5);
    }

    @Test
    void aSinglePacketGoesWithAnAllZeroHeaderAndItsOwnChecksums() {
        ByteBuf p = s.build(MSS);
        coalescer.add(p);
        coalescer.flush();
        assertThat(frames).hasSize(1);
        ByteBuf f = frames.get(0);
        assertThat(ByteBufUtil.hexDump(f, 0, VirtioNetHeader.LENGTH)).isEqualTo("00000000000000000000");
        assertThat(ByteBufUtil.equals(f.slice(VirtioNetHeader.LENGTH, p.readableBytes()), p)).isTrue();
        assertThat(coalescer.superSegments()).isZero();
    }

    /**
     * From a stack that leaves TCP checksums partial, a packet alone asks the kernel to complete its
     * checksum (NEEDS_CSUM from the TCP header, field at 16); completed so, it is the packet a stack
     * with whole checksums writes. A super-segment's frame is the same byte for byte either way.
     */
    @Test
    void partialChecksumsGoOutForTheKernelToComplete() {
        for (boolean ipv6 : new boolean[] {false, true}) {
            List<ByteBuf> partialFrames = new ArrayList<>();
            SegmentCoalescer partial = new SegmentCoalescer(TestSegments.copyingInto(partialFrames), true);
            TestSegments whole = new TestSegments(ipv6);
            TestSegments left = new TestSegments(ipv6).partialChecksums();
            whole.flags = left.flags = TcpHeader.SYN;
            ByteBuf syn = whole.build(0);
            partial.add(left.build(0));
            whole.flags = left.flags = TcpHeader.ACK;
            ByteBuf[] run = {whole.build(MSS), whole.build(MSS), whole.build(100)};
            for (int i = 0; i < 3; i++) {
                partial.add(left.build(i < 2 ? MSS : 100));
            }
            partial.flush();
            frames.clear();
            for (ByteBuf p : run) {
                coalescer.add(p);
            }
            coalescer.flush();

            assertThat(partialFrames).hasSize(2);
            ByteBuf alone = partialFrames.get(0);
            int ipLength = ipv6 ? 40 : 20;
            VirtioNetHeader h = new VirtioNetHeader().decode(alone, 0);
            assertThat(h.flags).isEqualTo(VirtioNetHeader.F_NEEDS_CSUM);
            assertThat(h.gsoType).isEqualTo(VirtioNetHeader.GSO_NONE);
            assertThat(h.csumStart).isEqualTo(ipLength);
            assertThat(h.csumOffset).isEqualTo(16);
            int tcp = VirtioNetHeader.LENGTH + h.csumStart;
            alone.setShort(tcp + h.csumOffset, Checksum.fold(Checksum.sum(alone, tcp, alone.writerIndex() - tcp, 0)));
            assertThat(ByteBufUtil.hexDump(alone, VirtioNetHeader.LENGTH, alone.writerIndex() - VirtioNetHeader.LENGTH))
                    .as("IPv%d SYN completed as the kernel does", ipv6 ? 6 : 4).isEqualTo(ByteBufUtil.hexDump(syn));
            assertThat(ByteBufUtil.hexDump(partialFrames.get(1))).as("the super-segment")
                    .isEqualTo(ByteBufUtil.hexDump(frames.get(0)));
            partial.release();
        }
    }

    @Test
    void aPacketThatIsNotTcpGoesWithAnAllZeroHeaderEvenFromAStackWithPartialChecksums() {
        SegmentCoalescer partial = new SegmentCoalescer(TestSegments.copyingInto(frames), true);
        ByteBuf p = s.build(0);
        p.setByte(9, 1); // IPv4 protocol: ICMP, whose checksum the stack always completes
        partial.add(p);
        partial.flush();
        assertThat(ByteBufUtil.hexDump(frames.get(0), 0, VirtioNetHeader.LENGTH)).isEqualTo("00000000000000000000");
        partial.release();
    }

    @Test
    void pshEndsTheRunAndRidesOnTheSuperSegmentsHeader() {
        coalescer.add(s.build(MSS));
        s.flags = TcpHeader.ACK | TcpHeader.PSH;
        coalescer.add(s.build(MSS));
        s.flags = TcpHeader.ACK;
        coalescer.add(s.build(MSS)); // after PSH: a new frame
        coalescer.flush();
        assertThat(segmentsPerFrame()).containsExactly(2, 1);
        assertThat((int) frames.get(0).getUnsignedByte(VirtioNetHeader.LENGTH + 20 + 13))
                .isEqualTo(TcpHeader.ACK | TcpHeader.PSH);
    }

    @Test
    void segmentsTheKernelWouldCutDifferentlyAreNotJoined() {
        assertAlone(() -> s.seq += 1); // a gap in the sequence
        assertAlone(() -> s.ack += 1); // another ACK number
        assertAlone(() -> s.window += 1); // another window
        assertAlone(() -> s.tsVal += 1); // another timestamp
        assertAlone(() -> s.ipId += 5); // the kernel numbers IP ids one by one
        assertAlone(() -> {
            s.sackLeft = 1;
            s.sackRight = 2;
        }); // other options
    }

    /** Two full segments with {@code change} between them go as two frames. */
    private void assertAlone(Runnable change) {
        frames.clear();
        coalescer.add(s.build(MSS));
        change.run();
        coalescer.add(s.build(MSS));
        coalescer.flush();
        s.sackLeft = s.sackRight = 0;
        assertThat(segmentsPerFrame()).containsExactly(1, 1);
    }

    @Test
    void aLongerSegmentAfterAShorterOneStartsAnew() {
        coalescer.add(s.build(1000));
        coalescer.add(s.build(MSS));
        coalescer.flush();
        assertThat(segmentsPerFrame()).containsExactly(1, 1);
    }

    @Test
    void synRstUrgCwrAndFinSegmentsAreNeverJoined() {
        for (int flag : new int[] {TcpHeader.SYN, TcpHeader.RST, TcpHeader.URG, TcpHeader.CWR, TcpHeader.FIN}) {
            frames.clear();
            s.flags = TcpHeader.ACK | flag;
            coalescer.add(s.build(MSS));
            s.flags = TcpHeader.ACK;
            coalescer.add(s.build(MSS));
            coalescer.flush();
            assertThat(segmentsPerFrame()).as("flag %d", flag).containsExactly(1, 1);
        }
    }

    @Test
    void aSuperSegmentStaysWithin64KiB() {
        for (int i = 0; i < 50; i++) {
            coalescer.add(s.build(MSS));
        }
        coalescer.flush();
        assertThat(segmentsPerFrame()).containsExactly(45, 5); // 52 + 45 × 1448 = 65212 ≤ 65535
    }

    @Test
    void anotherConnectionsSegmentEndsTheRun() {
        TestSegments other = new TestSegments(true);
        coalescer.add(s.build(MSS));
        coalescer.add(other.build(MSS));
        coalescer.add(other.build(MSS));
        coalescer.flush();
        assertThat(segmentsPerFrame()).containsExactly(1, 2);
        assertThat(new VirtioNetHeader().decode(frames.get(1), 0).gsoType).isEqualTo(VirtioNetHeader.GSO_TCPV6);
    }

    @Test
    void aLaterPureAckSupersedesAnEarlierOneOfTheBurst() {
        for (int i = 0; i < 5; i++) {
            s.ack += 2 * MSS;
            s.tsVal++;
            s.window += 10;
            coalescer.add(s.build(0));
        }
        coalescer.flush();
        assertThat(frames).hasSize(1);
        ByteBuf f = frames.get(0);
        int tcp = VirtioNetHeader.LENGTH + 20;
        assertThat(f.getInt(tcp + 8)).as("the last ACK number").isEqualTo(s.ack);
        assertThat(TestSegments.checksumsOk(f.slice(VirtioNetHeader.LENGTH, f.readableBytes() - VirtioNetHeader.LENGTH)))
                .isTrue();
        assertThat(coalescer.acksSuperseded()).isEqualTo(4);
    }

    @Test
    void duplicateAcksSackAcksAndAcksAroundDataAreAllWritten() {
        coalescer.add(s.build(0));
        coalescer.add(s.build(0)); // a duplicate ACK: the same number
        s.sackLeft = 9000;
        s.sackRight = 10000;
        s.ack += 1;
        coalescer.add(s.build(0)); // carries a SACK block
        s.sackLeft = s.sackRight = 0;
        s.ack += 1;
        coalescer.add(s.build(0));
        coalescer.add(s.build(MSS)); // data
        s.ack += 1;
        coalescer.add(s.build(0));
        coalescer.flush();
        assertThat(frames).hasSize(6);
        assertThat(coalescer.acksSuperseded()).isZero();
    }

    /** The sink hears each frame's packet count (what it counts lost if the kernel refuses the frame). */
    @Test
    void theSinkIsToldHowManyPacketsEachFrameHolds() {
        List<Integer> counts = new ArrayList<>();
        SegmentCoalescer counting = new SegmentCoalescer((frame, n) -> {
            counts.add(n);
            return frame;
        });
        for (int i = 0; i < 3; i++) {
            counting.add(s.build(MSS));
        }
        counting.add(s.build(0)); // a pure ACK: a frame of its own
        counting.flush();
        assertThat(counts).containsExactly(3, 1);
        counting.release();
    }

    /** A sink that keeps the frame to write later hands back another buffer, and the next frame is built there. */
    @Test
    void theNextFrameIsBuiltInTheBufferTheSinkHandsBack() {
        ByteBuf spare = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
        List<ByteBuf> kept = new ArrayList<>();
        List<String> written = new ArrayList<>();
        SegmentCoalescer swapping = new SegmentCoalescer((frame, n) -> {
            kept.add(frame);
            written.add(ByteBufUtil.hexDump(frame));
            return kept.size() == 1 ? spare : kept.get(kept.size() - 2);
        });
        s.flags = TcpHeader.ACK | TcpHeader.PSH;
        for (int i = 0; i < 3; i++) {
            swapping.add(s.build(MSS));
            swapping.flush();
        }
        assertThat(kept).hasSize(3);
        assertThat(kept.get(1)).isSameAs(spare);
        assertThat(kept.get(0)).isNotSameAs(spare);
        assertThat(written).as("three different frames, each whole when handed over").doesNotHaveDuplicates();
        assertThat(ByteBufUtil.hexDump(kept.get(2))).isEqualTo(written.get(2));
        swapping.release(); // the buffer it fills now: the spare
        kept.get(0).release();
    }

    /** How many MSS-or-shorter segments each written frame holds. */
    private List<Integer> segmentsPerFrame() {
        List<Integer> n = new ArrayList<>();
        SegmentSplitter splitter = new SegmentSplitter();
        for (ByteBuf f : frames) {
            n.add(splitter.split(f.copy(), p -> { })); // a copy: splitting cuts a frame in place
        }
        return n;
    }
}
