package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class VirtioNetHeaderTest {
    @Test
    void aTcpv4SuperSegmentHeaderIsLaidOutAsTheKernelReadsIt() {
        ByteBuf b = Unpooled.buffer(VirtioNetHeader.LENGTH).writeZero(VirtioNetHeader.LENGTH);
        new VirtioNetHeader().tcpSegmentation(false, 20, 32, 1448).encode(b, 0);
        // flags NEEDS_CSUM, gso_type TCPV4, hdr_len 52, gso_size 1448, csum_start 20, csum_offset 16 (little-endian)
        assertThat(ByteBufUtil.hexDump(b)).isEqualTo("0101" + "3400" + "a805" + "1400" + "1000");
    }

    @Test
    void tcpv6AndNoneHeaders() {
        ByteBuf b = Unpooled.buffer(VirtioNetHeader.LENGTH).writeZero(VirtioNetHeader.LENGTH);
        VirtioNetHeader h = new VirtioNetHeader().tcpSegmentation(true, 40, 20, 1440);
        h.encode(b, 0);
        assertThat(ByteBufUtil.hexDump(b)).isEqualTo("0104" + "3c00" + "a005" + "2800" + "1000");
        h.none().encode(b, 0);
        assertThat(ByteBufUtil.hexDump(b)).isEqualTo("00000000000000000000");
    }

    @Property
    void decodeReadsWhatEncodeWrote(@ForAll @IntRange(max = 255) int flags, @ForAll @IntRange(max = 255) int gsoType,
                                    @ForAll @IntRange(max = 65535) int hdrLen, @ForAll @IntRange(max = 65535) int gsoSize,
                                    @ForAll @IntRange(max = 65535) int csumStart,
                                    @ForAll @IntRange(max = 65535) int csumOffset) {
        VirtioNetHeader h = new VirtioNetHeader();
        h.flags = flags;
        h.gsoType = gsoType;
        h.hdrLen = hdrLen;
        h.gsoSize = gsoSize;
        h.csumStart = csumStart;
        h.csumOffset = csumOffset;
        ByteBuf b = Unpooled.buffer(13).writeZero(13);
        h.encode(b, 3);
        VirtioNetHeader d = new VirtioNetHeader().decode(b, 3);
        assertThat(d.toString()).isEqualTo(h.toString());
    }
}
