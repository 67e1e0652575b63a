package io.tcplab.stack.wire;

import static io.tcplab.stack.wire.HandMadePackets.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ChecksumTest {

    /** RFC 1071 written out word by word, the slow and obvious way. */
    static int naiveChecksum(byte[] data) {
        long sum = 0;
        for (int i = 0; i < data.length; i += 2) {
            int hi = data[i] & 0xff;
            int lo = i + 1 < data.length ? data[i + 1] & 0xff : 0;
            sum += (hi << 8) | lo;
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) (~sum & 0xffff);
    }

    /** The data after {@code lead} garbage bytes and before 8 more, in heap, direct or composite memory. */
    private static ByteBuf placed(byte[] data, int lead, int memory) {
        byte[] all = new byte[lead + data.length + 8];
        Arrays.fill(all, (byte) 0xa5); // garbage around the data must not count
        System.arraycopy(data, 0, all, lead, data.length);
        switch (memory) {
            case 0:
                return Unpooled.wrappedBuffer(all);
            case 1:
                return Unpooled.directBuffer(all.length).writeBytes(all);
            default:
                int cut = all.length / 3; // two components, cut at an arbitrary place
                return Unpooled.wrappedBuffer(Unpooled.wrappedBuffer(all, 0, cut),
                        Unpooled.directBuffer(all.length).writeBytes(all, cut, all.length - cut));
        }
    }

    @Property
    void matchesNaiveReferenceAtAnyOffset(@ForAll @Size(max = 2000) byte[] data,
            @ForAll @IntRange(max = 9) int lead, @ForAll @IntRange(max = 2) int memory) {
        ByteBuf buf = placed(data, lead, memory);
        short checksum = Checksum.fold(Checksum.sum(buf, lead, data.length, 0));
        assertThat(checksum & 0xffff).isEqualTo(naiveChecksum(data));
    }

    @Property
    void partialSumsChainAcrossEvenSplits(@ForAll @Size(max = 2000) byte[] data, @ForAll @IntRange(max = 1000) int half) {
        int split = Math.min(2 * half, data.length);
        ByteBuf buf = Unpooled.wrappedBuffer(data);
        int first = Checksum.sum(buf, 0, split, 0);
        int both = Checksum.sum(buf, split, data.length - split, first);
        assertThat(Checksum.fold(both) & 0xffff).isEqualTo(naiveChecksum(data));
    }

    @Property
    void dataWithItsChecksumVerifies(@ForAll @Size(min = 2, max = 200) byte[] data) {
        data[0] = 0;
        data[1] = 0;
        int checksum = naiveChecksum(data);
        data[0] = (byte) (checksum >>> 8);
        data[1] = (byte) checksum;
        assertThat(Checksum.fold(Checksum.sum(Unpooled.wrappedBuffer(data), 0, data.length, 0))).isZero();
    }

    @Example
    void rfc1071NumericalExample() {
        // RFC 1071 §3: bytes 00 01 f2 03 f4 f5 f6 f7 sum to ddf2; the checksum is its complement.
        ByteBuf buf = bytes(0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7);
        assertThat(Checksum.fold(Checksum.sum(buf, 0, 8, 0)) & 0xffff).isEqualTo(~0xddf2 & 0xffff);
    }

    @Example
    void knownIpv4HeaderChecksum() {
        // 192.168.0.1 -> 192.168.0.199, UDP, total length 0x73: header checksum 0xb861.
        ByteBuf header = bytes(0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7);
        assertThat(Checksum.fold(Checksum.sum(header, 0, 20, 0)) & 0xffff).isEqualTo(0xb861);
    }

    private static short checksumOf(ByteBuf buf) {
        return Checksum.fold(Checksum.sum(buf, 0, buf.readableBytes(), 0));
    }

    @Example
    void pseudoHeadersMatchExplicitPseudoHeaders() {
        ByteBuf v4 = HandMadePackets.ackSegment(HandMadePackets.V4_A, HandMadePackets.V4_B, new byte[0]);
        ByteBuf v4Pseudo = Unpooled.buffer().writeBytes(HandMadePackets.V4_A).writeBytes(HandMadePackets.V4_B)
                .writeByte(0).writeByte(6).writeShort(1234); // RFC 9293 §3.1
        assertThat(Checksum.fold(Checksum.pseudoHeaderV4(v4, 0, 1234))).isEqualTo(checksumOf(v4Pseudo));

        ByteBuf v6 = HandMadePackets.ackSegment(HandMadePackets.V6_A, HandMadePackets.V6_B, new byte[0]);
        ByteBuf v6Pseudo = Unpooled.buffer().writeBytes(HandMadePackets.V6_A).writeBytes(HandMadePackets.V6_B)
                .writeInt(70000).writeMedium(0).writeByte(6); // RFC 8200 §8.1
        assertThat(Checksum.fold(Checksum.pseudoHeaderV6(v6, 0, 70000))).isEqualTo(checksumOf(v6Pseudo));
    }
}
