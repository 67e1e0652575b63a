package io.tcplab.stack.wire;

import static org.assertj.core.api.Assertions.assertThatCode;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Packet contents never make a parser throw. Inputs sit in buffers whose capacity equals
 * their length, so a read past the packet would surface as an exception here.
 */
class ParserRobustnessTest {
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions options = new TcpOptions();

    @Provide
    Arbitrary<SegmentSpec> segments() {
        return SegmentSpec.arbitrary();
    }

    /** Runs all three parsers as the stack would; the result does not matter, only that it returns. */
    private void parseAll(ByteBuf packet, boolean verifyChecksum) {
        tcp.setVerifyChecksum(verifyChecksum);
        assertThatCode(() -> {
            if (ip.wrap(packet) == null && tcp.wrap(ip) == null) {
                options.parse(packet, tcp.optionsOffset(), tcp.optionsLength());
            }
        }).doesNotThrowAnyException();
    }

    @Property
    void randomBytes(@ForAll @Size(max = 120) byte[] bytes, @ForAll @IntRange(max = 2) int version,
            @ForAll boolean verifyChecksum) {
        if (bytes.length > 0 && version > 0) {
            bytes[0] = (byte) ((version == 1 ? 0x40 : 0x60) | (bytes[0] & 0x0f));
        }
        parseAll(Unpooled.wrappedBuffer(bytes), verifyChecksum);
    }

    @Property
    void mutatedAndTruncatedValidPackets(@ForAll("segments") SegmentSpec spec,
            @ForAll @Size(max = 6) List<@IntRange(max = 0xffff) Integer> mutations,
            @ForAll @IntRange(max = 0xffff) int keep, @ForAll boolean repairIpv4Checksum,
            @ForAll boolean verifyChecksum) {
        ByteBuf packet = spec.packet();
        // Mutations cluster in the headers, where the parsers look; low byte = new value.
        int headerBytes = Math.min(packet.readableBytes(), 100);
        for (int m : mutations) {
            packet.setByte((m >>> 8) % headerBytes, m);
        }
        if (repairIpv4Checksum && spec.ip().v4() && (packet.getByte(0) & 0x0f) >= 5
                && (packet.getByte(0) & 0x0f) * 4 <= packet.readableBytes()) {
            HandMadePackets.refreshIpv4Checksum(packet); // let corrupt packets reach the TCP parser
        }
        int length = keep % (packet.readableBytes() + 1);
        parseAll(Unpooled.copiedBuffer(packet.slice(0, length)), verifyChecksum);
    }

    @Property
    void randomOptionAreas(@ForAll @Size(max = 60) byte[] bytes, @ForAll @IntRange(max = 60) int length) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        int area = Math.min(length, bytes.length);
        assertThatCode(() -> options.parse(buf, 0, area)).doesNotThrowAnyException();
    }
}
