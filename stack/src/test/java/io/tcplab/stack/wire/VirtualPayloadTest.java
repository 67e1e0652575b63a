package io.tcplab.stack.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Payload-free segments: the writer leaves the payload out but counts it in the IP length, the
 * parsers in virtual mode read the same fields and length, the checksum field is the corruption
 * flag, and a stack with real payload rejects such a packet as truncated.
 */
class VirtualPayloadTest {
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();

    @Provide
    Arbitrary<SegmentSpec> segments() {
        return SegmentSpec.arbitrary();
    }

    @Property
    void aVirtualSegmentIsItsHeadersAndReadsBackWithItsLength(@ForAll("segments") SegmentSpec spec) {
        ByteBuf out = Unpooled.buffer(16);
        int length = spec.writeTo(new SegmentWriter().setVirtualPayload(true), out);
        int payload = spec.payload().length;

        assertThat(out.readableBytes()).isEqualTo(length - payload);
        ip.setVirtualPayload(true);
        tcp.setVirtualPayload(true);
        assertThat(ip.wrap(out)).isNull();
        assertThat(tcp.wrap(ip)).isNull();
        assertThat(tcp.payloadLength()).isEqualTo(payload);
        assertThat(tcp.payloadOffset()).isEqualTo(out.writerIndex());
        assertThat(tcp.seq()).isEqualTo(spec.tcp().seq());

        out.setShort(tcp.optionsOffset() - 4, 0xffff); // the corruption flag in the checksum field
        assertThat(ip.wrap(out)).isNull();
        assertThat(tcp.wrap(ip)).isEqualTo(DropReason.BAD_TCP_CHECKSUM);

        if (payload > 0) {
            ip.setVirtualPayload(false);
            assertThat(ip.wrap(out)).isEqualTo(DropReason.BAD_IP_TOTAL_LENGTH);
        }
    }
}
