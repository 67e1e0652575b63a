package io.tcplab.stack.wire;

import static io.tcplab.stack.wire.HandMadePackets.V4_A;
import static io.tcplab.stack.wire.HandMadePackets.V4_B;
import static io.tcplab.stack.wire.HandMadePackets.V6_A;
import static io.tcplab.stack.wire.HandMadePackets.V6_B;
import static io.tcplab.stack.wire.HandMadePackets.ackSegment;
import static io.tcplab.stack.wire.HandMadePackets.bytes;
import static io.tcplab.stack.wire.HandMadePackets.refreshIpv4Checksum;
import static io.tcplab.stack.wire.HandMadePackets.withIpv6Extension;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class IpPacketTest {
    private static final byte[] DATA = {1, 2, 3, 4, 5};
    private static final int HOP_BY_HOP = 0;
    private static final int ROUTING = 43;
    private static final int FRAGMENT = 44;
    private static final int DESTINATION_OPTIONS = 60;
    private static final int UDP = 17;

    private final IpPacket ip = new IpPacket();

    private static ByteBuf v4() {
        return ackSegment(V4_A, V4_B, DATA);
    }

    private static ByteBuf v6() {
        return ackSegment(V6_A, V6_B, DATA);
    }

    /** An 8-byte extension header; byte 0 (next header) is filled in by withIpv6Extension. */
    private static byte[] extension(int thirdByte, int fourthByte) {
        return new byte[] {0, 0, (byte) thirdByte, (byte) fourthByte, 0, 0, 0, 0};
    }

    @Test
    void acceptsIpv4AndExposesFields() {
        ByteBuf packet = v4();
        assertThat(ip.wrap(packet)).isNull();
        assertThat(ip.version()).isEqualTo(4);
        assertThat(ip.headerOffset()).isZero();
        assertThat(ip.transportOffset()).isEqualTo(20);
        assertThat(ip.transportLength()).isEqualTo(20 + DATA.length);
        assertThat(ip.protocol()).isEqualTo(6);
        assertThat(ip.ttl()).isEqualTo(64);
        assertThat(ip.addressLength()).isEqualTo(4);
        assertThat(ip.srcEquals(V4_A)).isTrue();
        assertThat(ip.dstEquals(V4_B)).isTrue();
        assertThat(ip.dstEquals(V4_A)).isFalse();
        assertThat(ip.srcEquals(V6_A)).isFalse();
        assertThat(ip.srcAddressHash()).isEqualTo(Arrays.hashCode(V4_A));
        assertThat(ip.dstAddressHash()).isEqualTo(Arrays.hashCode(V4_B));
        byte[] out = new byte[4];
        ip.copyDst(out);
        assertThat(out).isEqualTo(V4_B);
    }

    @Test
    void acceptsIpv6AndExposesFields() {
        ByteBuf packet = v6();
        assertThat(ip.wrap(packet)).isNull();
        assertThat(ip.version()).isEqualTo(6);
        assertThat(ip.transportOffset()).isEqualTo(40);
        assertThat(ip.transportLength()).isEqualTo(20 + DATA.length);
        assertThat(ip.addressLength()).isEqualTo(16);
        assertThat(ip.srcEquals(V6_A)).isTrue();
        assertThat(ip.dstEquals(V6_B)).isTrue();
        byte[] out = new byte[16];
        ip.copySrc(out);
        assertThat(out).isEqualTo(V6_A);
    }

    @Test
    void respectsReaderIndexAndIgnoresLinkPadding() {
        ByteBuf packet = Unpooled.buffer().writeZero(7).writeBytes(v4()).writeZero(6);
        packet.readerIndex(7);
        assertThat(ip.wrap(packet)).isNull();
        assertThat(ip.headerOffset()).isEqualTo(7);
        assertThat(ip.transportOffset()).isEqualTo(27);
        assertThat(ip.transportLength()).isEqualTo(20 + DATA.length);
    }

    @Test
    void readsEcnFromBothVersions() {
        ByteBuf packet = v4();
        packet.setByte(1, 0xb8 | 3); // DSCP EF with CE
        refreshIpv4Checksum(packet);
        assertThat(ip.wrap(packet)).isNull();
        assertThat(ip.ecn()).isEqualTo(3);

        ByteBuf six = v6();
        six.setInt(0, (6 << 28) | (0xb8 << 20) | (2 << 20) | 0x12345); // traffic class EF+ECT(0), flow label
        assertThat(ip.wrap(six)).isNull();
        assertThat(ip.ecn()).isEqualTo(2);
    }

    @Test
    void emptyOrShortBuffersAreTruncated() {
        assertThat(ip.wrap(Unpooled.EMPTY_BUFFER)).isEqualTo(DropReason.TRUNCATED_IP);
        assertThat(ip.wrap(v4().writerIndex(19))).isEqualTo(DropReason.TRUNCATED_IP);
        assertThat(ip.wrap(v6().writerIndex(39))).isEqualTo(DropReason.TRUNCATED_IP);
    }

    @Test
    void ipv4HeaderLongerThanPacketIsTruncated() {
        ByteBuf packet = bytes(0x4f, 0, 0, 20, 0, 0, 0, 0, 64, 6, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.TRUNCATED_IP);
    }

    @Test
    void unknownVersionIsRejected() {
        ByteBuf packet = v4();
        packet.setByte(0, 0x55);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.BAD_IP_VERSION);
    }

    @Test
    void ihlBelowFiveIsRejected() {
        ByteBuf packet = v4();
        packet.setByte(0, 0x44);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.BAD_IP_HEADER_LENGTH);
    }

    @Test
    void ipv4TotalLengthMustCoverHeaderAndFitThePacket() {
        ByteBuf tooLong = v4();
        tooLong.setShort(2, tooLong.readableBytes() + 1);
        refreshIpv4Checksum(tooLong);
        assertThat(ip.wrap(tooLong)).isEqualTo(DropReason.BAD_IP_TOTAL_LENGTH);

        ByteBuf tooShort = v4();
        tooShort.setShort(2, 19);
        refreshIpv4Checksum(tooShort);
        assertThat(ip.wrap(tooShort)).isEqualTo(DropReason.BAD_IP_TOTAL_LENGTH);
    }

    @Test
    void ipv6PayloadLengthMustFitThePacket() {
        ByteBuf packet = v6();
        packet.setShort(4, packet.readableBytes() - 40 + 1);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.BAD_IP_TOTAL_LENGTH);
    }

    @Test
    void badIpv4ChecksumIsRejected() {
        ByteBuf packet = v4();
        packet.setByte(8, 63); // TTL changed without fixing the checksum
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.BAD_IP_CHECKSUM);
    }

    @Test
    void ipv4FragmentsAreRejected() {
        ByteBuf moreFragments = v4();
        moreFragments.setShort(6, 0x2000);
        refreshIpv4Checksum(moreFragments);
        assertThat(ip.wrap(moreFragments)).isEqualTo(DropReason.IP_FRAGMENT);

        ByteBuf lastFragment = v4();
        lastFragment.setShort(6, 0x4000 | 185);
        refreshIpv4Checksum(lastFragment);
        assertThat(ip.wrap(lastFragment)).isEqualTo(DropReason.IP_FRAGMENT);
    }

    @Test
    void ipv4NonTcpIsRejected() {
        ByteBuf packet = v4();
        packet.setByte(9, UDP);
        refreshIpv4Checksum(packet);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.NOT_TCP);
        assertThat(ip.protocol()).isEqualTo(UDP);
    }

    @Test
    void ipv6NonTcpIsRejected() {
        ByteBuf packet = v6();
        packet.setByte(6, UDP);
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.NOT_TCP);
    }

    @Test
    void ipv6SkipsHopByHopRoutingAndDestinationOptions() {
        ByteBuf packet = withIpv6Extension(v6(), DESTINATION_OPTIONS, extension(1, 4)); // PadN
        packet = withIpv6Extension(packet, ROUTING, extension(0, 0)); // segments left 0
        packet = withIpv6Extension(packet, HOP_BY_HOP, extension(1, 4));
        assertThat(ip.wrap(packet)).isNull();
        assertThat(ip.transportOffset()).isEqualTo(40 + 24);
        assertThat(ip.transportLength()).isEqualTo(20 + DATA.length);
        assertThat(Checksum.tcpChecksumOk(ip)).isTrue();
    }

    @Test
    void ipv6FragmentHeaderIsAFragment() {
        ByteBuf packet = withIpv6Extension(v6(), FRAGMENT, extension(0, 1));
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.IP_FRAGMENT);
    }

    @Test
    void ipv6RoutingWithSegmentsLeftIsUnsupported() {
        ByteBuf packet = withIpv6Extension(v6(), ROUTING, extension(0, 1));
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.UNSUPPORTED_IPV6_EXTENSION);
    }

    @Test
    void ipv6ExtensionRunningPastPayloadIsMalformed() {
        ByteBuf packet = withIpv6Extension(v6(), DESTINATION_OPTIONS, extension(1, 4));
        packet.setByte(41, 200); // header extension length far beyond the payload
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.MALFORMED_IPV6_EXTENSION);

        ByteBuf cut = withIpv6Extension(v6(), DESTINATION_OPTIONS, extension(1, 4));
        cut.setShort(4, 4); // payload ends inside the extension header
        assertThat(ip.wrap(cut)).isEqualTo(DropReason.MALFORMED_IPV6_EXTENSION);
    }

    @Test
    void ipv6HopByHopAfterAnotherExtensionIsMalformed() {
        ByteBuf packet = withIpv6Extension(v6(), HOP_BY_HOP, extension(1, 4));
        packet = withIpv6Extension(packet, DESTINATION_OPTIONS, extension(1, 4));
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.MALFORMED_IPV6_EXTENSION);
    }

    @Test
    void ipv6UnknownExtensionOrNoNextHeaderIsNotTcp() {
        ByteBuf packet = withIpv6Extension(v6(), DESTINATION_OPTIONS, extension(1, 4));
        packet.setByte(40, 59); // No Next Header
        assertThat(ip.wrap(packet)).isEqualTo(DropReason.NOT_TCP);
    }
}
