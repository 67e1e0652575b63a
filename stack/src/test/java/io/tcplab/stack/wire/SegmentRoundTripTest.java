package io.tcplab.stack.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** SegmentWriter output read back by IpPacket, TcpHeader and TcpOptions. */
class SegmentRoundTripTest {
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions parsed = new TcpOptions();

    @Provide
    Arbitrary<SegmentSpec> segments() {
        return SegmentSpec.arbitrary();
    }

    @Property
    void everyFieldAndPayloadByteSurvives(@ForAll("segments") SegmentSpec spec, @ForAll @IntRange(max = 64) int lead) {
        ByteBuf out = Unpooled.buffer(16).writeZero(lead).readerIndex(lead);
        int length = spec.writeTo(new SegmentWriter(), out);

        assertThat(out.readableBytes()).isEqualTo(length);
        assertThat(ip.wrap(out)).isNull();
        assertThat(ip.version()).isEqualTo(spec.ip().v4() ? 4 : 6);
        assertThat(ip.srcEquals(spec.ip().src())).isTrue();
        assertThat(ip.dstEquals(spec.ip().dst())).isTrue();
        assertThat(ip.ecn()).isEqualTo(spec.ip().ecn());
        assertThat(ip.ttl()).isEqualTo(spec.ip().ttl());
        if (spec.ip().v4()) {
            assertThat(out.getUnsignedShort(lead + 4)).isEqualTo(spec.ip().ipId());
            assertThat(out.getUnsignedShort(lead + 6)).as("DF, no fragment").isEqualTo(0x4000);
        }

        assertThat(tcp.wrap(ip)).isNull();
        SegmentSpec.TcpFields f = spec.tcp();
        assertThat(tcp.srcPort()).isEqualTo(f.srcPort());
        assertThat(tcp.dstPort()).isEqualTo(f.dstPort());
        assertThat(tcp.seq()).isEqualTo(f.seq());
        assertThat(tcp.ack()).isEqualTo(f.ack());
        assertThat(tcp.flags()).isEqualTo(f.flags());
        assertThat(tcp.window()).isEqualTo(f.window());

        assertThat(parsed.parse(out, tcp.optionsOffset(), tcp.optionsLength())).isNull();
        assertSameOptions(parsed, spec.options());

        byte[] payload = new byte[tcp.payloadLength()];
        out.getBytes(tcp.payloadOffset(), payload);
        assertThat(payload).isEqualTo(spec.payload());
    }

    @Property
    void optionsRoundTripAlone(@ForAll("options") TcpOptions options) {
        ByteBuf buf = Unpooled.buffer(TcpOptions.MAX_LENGTH);
        int length = options.write(buf, 0);
        assertThat(length).isEqualTo(options.encodedLength()).isLessThanOrEqualTo(TcpOptions.MAX_LENGTH);
        assertThat(length % 4).isZero();
        assertThat(parsed.parse(buf, 0, length)).isNull();
        assertSameOptions(parsed, options);
    }

    @Provide
    Arbitrary<TcpOptions> options() {
        return SegmentSpec.optionsArbitrary();
    }

    private static void assertSameOptions(TcpOptions actual, TcpOptions expected) {
        assertThat(actual.mss()).isEqualTo(expected.mss());
        assertThat(actual.windowScale()).isEqualTo(expected.windowScale());
        assertThat(actual.sackPermitted()).isEqualTo(expected.sackPermitted());
        assertThat(actual.hasTimestamps()).isEqualTo(expected.hasTimestamps());
        assertThat(actual.tsVal()).isEqualTo(expected.tsVal());
        assertThat(actual.tsEcr()).isEqualTo(expected.tsEcr());
        assertThat(actual.exactCeEcho()).isEqualTo(expected.exactCeEcho());
        assertThat(actual.sackBlockCount()).isEqualTo(expected.sackBlockCount());
        for (int i = 0; i < expected.sackBlockCount(); i++) {
            assertThat(actual.sackLeft(i)).isEqualTo(expected.sackLeft(i));
            assertThat(actual.sackRight(i)).isEqualTo(expected.sackRight(i));
        }
    }

    /**
     * Any single flipped bit is caught: the IPv4 header checksum, the TCP checksum (which also
     * covers the addresses and length through the pseudo header) or a header check. IPv6's
     * traffic class, flow label and hop limit are covered by nothing (RFC 8200 has no header
     * checksum), so those bits are not flipped.
     */
    @Property
    void anySingleBitFlipIsRejected(@ForAll("segments") SegmentSpec spec, @ForAll @IntRange(max = 1 << 20) int where) {
        ByteBuf packet = spec.packet();
        int bit = where % (packet.readableBytes() * 8);
        int index = bit / 8;
        // Bit b of a byte is its 1 << b; the IPv6 version is the high nibble of byte 0.
        boolean uncoveredV6Field = index == 0 ? bit % 8 < 4 : index < 4 || index == 7;
        if (!spec.ip().v4() && uncoveredV6Field) {
            bit += 64; // into the source address, which the pseudo header covers
            index = bit / 8;
        }
        packet.setByte(index, packet.getByte(index) ^ (1 << (bit % 8)));
        boolean rejected = ip.wrap(packet) != null || tcp.wrap(ip) != null;
        assertThat(rejected).as("flipped bit %d", bit).isTrue();
    }

    /**
     * A partial checksum (transmit offload) is what the device completes: summed over the segment
     * from the TCP header with the field as written, complemented, it is the checksum the writer
     * computes itself; every other byte is the same.
     */
    @Property
    void aPartialChecksumCompletedAsADeviceWouldIsTheWholeOne(@ForAll("segments") SegmentSpec spec) {
        ByteBuf whole = Unpooled.buffer();
        spec.writeTo(new SegmentWriter(), whole);
        ByteBuf partial = Unpooled.buffer();
        spec.writeTo(new SegmentWriter().setPartialChecksum(true), partial);

        int tcpAt = spec.ip().v4() ? 20 : 40;
        int tcpLength = partial.readableBytes() - tcpAt;
        int pseudo = spec.ip().v4() ? Checksum.pseudoHeaderV4(partial, 0, tcpLength)
                : Checksum.pseudoHeaderV6(partial, 0, tcpLength);
        assertThat(partial.getUnsignedShort(tcpAt + 16)).as("the pseudo-header's sum, not complemented")
                .isEqualTo(~Checksum.fold(pseudo) & 0xffff);
        partial.setShort(tcpAt + 16, Checksum.fold(Checksum.sum(partial, tcpAt, tcpLength, 0)));
        assertThat(ByteBufUtil.hexDump(partial)).isEqualTo(ByteBufUtil.hexDump(whole));
    }

    /** Hand-checked bytes: IPv4 SYN 192.0.2.1:49152 -> 198.51.100.2:80 with Linux-style options. */
    @Example
    void knownAnswerSynPacket() {
        TcpOptions options = new TcpOptions();
        options.setMss(1460);
        options.setSackPermitted(true);
        options.setTimestamps(0x11223344, 0);
        options.setWindowScale(7);
        SegmentWriter writer = new SegmentWriter()
                .setAddresses(HandMadePackets.V4_A, HandMadePackets.V4_B)
                .setPorts(49152, 80)
                .setSeq(0x01020304)
                .setFlags(TcpHeader.SYN)
                .setWindow(64240)
                .setIpId(0x1234)
                .setOptions(options);
        ByteBuf out = Unpooled.buffer();
        assertThat(writer.write(out, null, 0, 0)).isEqualTo(60);
        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(
                "4500003c123440004006" + "3c51" + "c0000201c6336402" // IPv4, header checksum 3c51
                + "c000005001020304" + "00000000" + "a002faf0" + "581b" + "0000" // TCP, checksum 581b
                + "020405b40402080a112233440000000001030307");
    }
}
