package io.tcplab.stack.wire;

import static io.tcplab.stack.wire.TcpHeader.ACK;
import static io.tcplab.stack.wire.TcpHeader.ECE;
import static io.tcplab.stack.wire.TcpHeader.FIN;
import static io.tcplab.stack.wire.TcpHeader.PSH;
import static io.tcplab.stack.wire.TcpHeader.RST;
import static io.tcplab.stack.wire.TcpHeader.SYN;
import static io.tcplab.stack.wire.HandMadePackets.V4_A;
import static io.tcplab.stack.wire.HandMadePackets.V4_B;
import static io.tcplab.stack.wire.HandMadePackets.V6_A;
import static io.tcplab.stack.wire.HandMadePackets.V6_B;
import static io.tcplab.stack.wire.HandMadePackets.refreshIpv4Checksum;
import static io.tcplab.stack.wire.HandMadePackets.refreshTcpChecksum;
import static io.tcplab.stack.wire.HandMadePackets.segment;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TcpHeaderTest {
    private static final byte[] DATA = {9, 8, 7};

    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();

    /** Wraps IP (which must be valid) and then TCP. */
    private DropReason wrap(ByteBuf packet) {
        assertThat(ip.wrap(packet)).isNull();
        return tcp.wrap(ip);
    }

    private static ByteBuf withFlags(int flags) {
        return segment(V4_A, V4_B, flags, null, DATA);
    }

    @Test
    void exposesHeaderFields() {
        TcpOptions options = new TcpOptions();
        options.setTimestamps(5, 6);
        ByteBuf packet = segment(V6_A, V6_B, ACK | PSH | ECE, options, DATA);
        assertThat(wrap(packet)).isNull();
        assertThat(tcp.srcPort()).isEqualTo(40000);
        assertThat(tcp.dstPort()).isEqualTo(80);
        assertThat(tcp.seq()).isEqualTo(1000);
        assertThat(tcp.ack()).isEqualTo(2000);
        assertThat(tcp.flags()).isEqualTo(ACK | PSH | ECE);
        assertThat(tcp.has(PSH)).isTrue();
        assertThat(tcp.has(FIN)).isFalse();
        assertThat(tcp.window()).isEqualTo(1024);
        assertThat(tcp.urgentPointer()).isZero();
        assertThat(tcp.optionsOffset()).isEqualTo(40 + 20);
        assertThat(tcp.optionsLength()).isEqualTo(12);
        assertThat(tcp.payloadOffset()).isEqualTo(40 + 32);
        assertThat(tcp.payloadLength()).isEqualTo(DATA.length);
    }

    @Test
    void fewerThanTwentyBytesIsTruncated() {
        ByteBuf packet = withFlags(ACK);
        packet.setShort(2, 20 + 19);
        refreshIpv4Checksum(packet);
        assertThat(wrap(packet)).isEqualTo(DropReason.TRUNCATED_TCP);
    }

    @Test
    void dataOffsetBelowFiveIsRejected() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(20 + 12, 4 << 4);
        assertThat(wrap(packet)).isEqualTo(DropReason.BAD_DATA_OFFSET);
    }

    @Test
    void dataOffsetPastSegmentIsRejected() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(20 + 12, 15 << 4); // 60 bytes of header in a 23-byte segment
        assertThat(wrap(packet)).isEqualTo(DropReason.BAD_DATA_OFFSET);
    }

    @Test
    void badChecksumIsRejectedUnlessVerificationIsOff() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(packet.writerIndex() - 1, 0x55); // corrupt the last data byte
        assertThat(wrap(packet)).isEqualTo(DropReason.BAD_TCP_CHECKSUM);

        tcp.setVerifyChecksum(false);
        assertThat(wrap(packet)).isNull();
    }

    /** A packet whose source vouches for its checksum (a TUN device's offloads) is not summed again. */
    @Test
    void aChecksummedPacketIsNotSummedAgain() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(packet.writerIndex() - 1, 0x55);
        assertThat(ip.wrap(packet)).isNull();
        assertThat(tcp.wrapChecksummed(ip)).isNull();
        assertThat(tcp.wrap(ip)).isEqualTo(DropReason.BAD_TCP_CHECKSUM); // and the next plain one is verified
    }

    @Test
    void checksumCoversThePseudoHeader() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(19, 3); // another destination address, IP checksum repaired
        refreshIpv4Checksum(packet);
        assertThat(wrap(packet)).isEqualTo(DropReason.BAD_TCP_CHECKSUM);
    }

    @ParameterizedTest
    @ValueSource(ints = {SYN | FIN, SYN | RST, SYN | FIN | ACK, SYN | RST | ACK, 0, FIN, PSH, FIN | PSH | TcpHeader.URG})
    void illegalFlagCombinationsAreRejected(int flags) {
        ByteBuf packet = withFlags(flags);
        assertThat(wrap(packet)).isEqualTo(DropReason.ILLEGAL_FLAGS);
    }

    @ParameterizedTest
    @ValueSource(ints = {SYN, SYN | ACK, RST, RST | ACK, ACK, FIN | ACK, ACK | PSH, SYN | ECE | TcpHeader.CWR})
    void legalFlagCombinationsPass(int flags) {
        assertThat(wrap(withFlags(flags))).isNull();
    }

    @Test
    void flagsAreCheckedAfterTheChecksum() {
        ByteBuf packet = withFlags(ACK);
        packet.setByte(20 + 13, SYN | FIN);
        assertThat(wrap(packet)).isEqualTo(DropReason.BAD_TCP_CHECKSUM);
        refreshTcpChecksum(packet);
        assertThat(wrap(packet)).isEqualTo(DropReason.ILLEGAL_FLAGS);
    }
}
