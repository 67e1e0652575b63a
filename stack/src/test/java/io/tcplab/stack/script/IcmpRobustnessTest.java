package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.IcmpWriter;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * ICMP contents never make the stack throw: messages of any type and code, with a well-formed
 * outer packet and checksum around a quote of one of our real segments that is mutated and cut
 * anywhere, reach the quote parser and the connection. Whatever they say, the connection keeps
 * its invariants (it may record a soft error, lower its MSS to the floor or be refused in SYN-SENT).
 */
class IcmpRobustnessTest {

    @Property(tries = 300)
    void mutatedErrorsAroundARealQuote(@ForAll boolean ipv6, @ForAll @IntRange(max = 255) int type,
            @ForAll @IntRange(max = 255) int code, @ForAll long rest,
            @ForAll @Size(max = 6) List<@IntRange(max = 0xffff) Integer> mutations,
            @ForAll @IntRange(max = 2000) int keep) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), ipv6);
        p.acceptFrom(plainSyn());
        p.write(3000);
        p.expect(seg(".").seq(1));
        byte[] quote = p.lastPacketBytes();
        for (int m : mutations) {
            quote[(m >>> 8) % Math.min(quote.length, 72)] = (byte) m; // where the parsers look
        }
        quote = Arrays.copyOf(quote, Math.min(keep, quote.length));
        ByteBuf packet = Unpooled.buffer();
        new IcmpWriter().write(packet, p.remote, p.local, type, code, rest, Unpooled.wrappedBuffer(quote), 0,
                quote.length);
        assertThatCode(() -> p.inRaw(packet)).doesNotThrowAnyException();
        assertThat(p.connection().info().mss()).isGreaterThanOrEqualTo(ipv6 ? 1280 - 60 : 576 - 40);
        p.advanceTo(5000); // whatever was resent, timers still run without throwing
    }

    @Property(tries = 300)
    void mutatedAndTruncatedEchoes(@ForAll boolean ipv6, @ForAll @Size(max = 6) List<@IntRange(max = 0xffff) Integer> mutations,
            @ForAll @IntRange(max = 200) int keep) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), ipv6);
        ByteBuf packet = Unpooled.buffer();
        new IcmpWriter().write(packet, p.remote, p.local, ipv6 ? 128 : 8, 0, 0x12340001L,
                Unpooled.wrappedBuffer(new byte[64]), 0, 64);
        for (int m : mutations) {
            packet.setByte((m >>> 8) % packet.readableBytes(), m);
        }
        ByteBuf cut = Unpooled.copiedBuffer(packet.slice(0, Math.min(keep, packet.readableBytes())));
        assertThatCode(() -> p.inRaw(cut)).doesNotThrowAnyException();
    }
}
