package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** A summary answers every question exactly as reading the packet does. */
class PacketSummaryTest {
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;
    private static final int CWR = 0x80;

    private static List<ByteBuf> packets() {
        byte[] a4 = {10, 0, 0, 1};
        byte[] b4 = {(byte) 192, (byte) 168, 7, (byte) 250};
        byte[] a6 = new byte[16];
        byte[] b6 = new byte[16];
        a6[15] = 1;
        b6[0] = (byte) 0xfd;
        b6[15] = 2;
        List<ByteBuf> list = new ArrayList<>();
        for (int ecn : new int[] {TestPackets.NOT_ECT, TestPackets.ECT0, 1, TestPackets.CE}) {
            list.add(TestPackets.ipv4(a4, b4, 7, 1500, ecn));
            list.add(TestPackets.ipv6(a6, b6, 7, 1280, ecn));
            list.add(TestPackets.tcpv4(ACK, 52, ecn, 32));
            list.add(TestPackets.tcpv4(ACK | CWR, 1500, ecn, 32));
            list.add(TestPackets.tcpv4(SYN | CWR | 0x40, 60, ecn, 40));
            list.add(TestPackets.tcpv4(ACK, 1500, ecn, 60));
        }
        ByteBuf headersOnly = TestPackets.tcpv4(ACK | CWR, 1500, TestPackets.ECT0, 32);
        list.add(headersOnly.writerIndex(52)); // payload-free: its IP header counts 1500 bytes
        list.add(TestPackets.tcpv4(ACK, 1500, 0, 32).writerIndex(30)); // TCP header cut short
        list.add(Unpooled.wrappedBuffer(new byte[] {0x45}));
        list.add(Unpooled.wrappedBuffer(new byte[] {0x10, 0x03, 0, 0, 0, 0, 0, 0}));
        list.add(Unpooled.buffer(0));
        return list;
    }

    @Test
    void everyFieldIsWhatThePacketSays() {
        for (ByteBuf p : packets()) {
            long s = PacketSummary.of(p);
            int wire = IpPackets.wireLength(p);
            assertThat(PacketSummary.wireLength(s)).as("wire length of %s", p).isEqualTo(wire);
            assertThat(PacketSummary.tcpPayloadLength(s)).isEqualTo(IpPackets.tcpPayloadLength(p, wire));
            assertThat(PacketSummary.isEcnCapablePacket(s)).isEqualTo(IpPackets.isEcnCapablePacket(p));
            assertThat(PacketSummary.isCwrSegment(s)).isEqualTo(IpPackets.isCwrSegment(p));
            boolean ipv4 = p.readableBytes() >= 20 && p.getUnsignedByte(0) >> 4 == 4;
            assertThat(PacketSummary.hasIpv4Destination(s)).isEqualTo(ipv4);
            if (ipv4) {
                assertThat(PacketSummary.ipv4Destination(s)).isEqualTo(p.getUnsignedInt(16));
            }
        }
    }

    /**
     * Header-shaped bytes of every kind (IPv4 and IPv6, TCP or not, any IHL and data offset, any
     * flags and TOS, counted lengths above and below what is present, cut anywhere): the summary's
     * fields are what {@link IpPackets} reads, whichever way the summary was taken.
     */
    @Property(tries = 3000)
    void everyFieldIsWhatThePacketSaysForAnyHeaderBytes(@ForAll @Size(max = 100) byte[] bytes,
            @ForAll @IntRange(min = 0, max = 3) int shape, @ForAll @IntRange(min = 0, max = 15) int ihl,
            @ForAll @IntRange(min = 0, max = 4) int readerIndex) {
        byte[] b = java.util.Arrays.copyOf(bytes, Math.max(bytes.length, 10));
        if (shape >= 1) {
            b[0] = (byte) (shape == 3 ? 0x60 : 0x40 | ihl);
            b[shape == 3 ? 6 : 9] = 6; // TCP
        }
        ByteBuf p = Unpooled.buffer(readerIndex + b.length).writerIndex(readerIndex).writeBytes(b, 0, bytes.length);
        p.readerIndex(Math.min(readerIndex, p.writerIndex()));
        long s = PacketSummary.of(p);
        int wire = IpPackets.wireLength(p);
        assertThat(PacketSummary.wireLength(s)).isEqualTo(wire);
        assertThat(PacketSummary.tcpPayloadLength(s)).isEqualTo(IpPackets.tcpPayloadLength(p, wire));
        assertThat(PacketSummary.ecnField(s)).isEqualTo(IpPackets.ecnField(p));
        assertThat(PacketSummary.isCwrSegment(s)).isEqualTo(IpPackets.isCwrSegment(p));
        boolean ipv4 = p.readableBytes() >= 20 && p.getUnsignedByte(p.readerIndex()) >> 4 == 4;
        assertThat(PacketSummary.hasIpv4Destination(s)).isEqualTo(ipv4);
        if (ipv4) {
            assertThat(PacketSummary.ipv4Destination(s)).isEqualTo(p.getUnsignedInt(p.readerIndex() + 16));
        }
    }

    @Test
    void markingCeChangesTheSummaryAsItChangesThePacket() {
        for (ByteBuf p : packets()) {
            long s = PacketSummary.of(p);
            if (IpPackets.markCe(p)) {
                s = PacketSummary.markedCe(s);
            }
            assertThat(s).isEqualTo(PacketSummary.of(p));
        }
    }

    @Test
    void noSummaryMeansReadThePacket() {
        ByteBuf p = TestPackets.tcpv4(ACK, 1500, TestPackets.ECT0, 32);
        assertThat(PacketSummary.ofOr(PacketSummary.NONE, p)).isEqualTo(PacketSummary.of(p)).isNotEqualTo(PacketSummary.NONE);
    }
}
