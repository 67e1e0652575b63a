package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.IpPacket;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Malformed segments on an established connection are dropped, counted under the right {@link DropReason},
 * answered with nothing and change nothing (RFC 9293 §3.1, §3.2, §3.10.7; robustness principle §2.10).
 */
class BadInputScriptTest {
    private static final int IP = 20; // the TCP header follows a 20-byte IPv4 header

    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        return p;
    }

    private static void assertDroppedQuietly(ScriptedPeer p, SegSpec spec, Consumer<ByteBuf> damage, DropReason reason) {
        ByteBuf packet = p.packet(spec);
        damage.accept(packet);
        long totalBefore = p.stack.stats().totalDrops();
        p.inRaw(packet);
        p.expectNothing();
        assertThat(p.drops(reason)).isEqualTo(1);
        assertThat(p.stack.stats().totalDrops()).isEqualTo(totalBefore + 1);
        p.assertState(TcpState.ESTABLISHED);
        assertThat(p.connection().readableBytes()).isZero();
        p.advanceTo(1000);
        p.expectNothing(); // no delayed ACK either: nothing was taken
    }

    private static void fixIpChecksum(ByteBuf packet) {
        packet.setShort(10, 0);
        packet.setShort(10, Checksum.fold(Checksum.sum(packet, 0, IP, 0)));
    }

    private static void fixTcpChecksum(ByteBuf packet) {
        IpPacket ip = new IpPacket();
        ip.wrap(packet);
        packet.setShort(IP + 16, 0);
        packet.setShort(IP + 16, Checksum.fold(Checksum.sum(packet, IP, ip.transportLength(), Checksum.pseudoHeader(ip))));
    }

    /** RFC 9293 §3.1: fewer than 20 bytes of TCP header. */
    @Test
    void truncatedTcpHeader() {
        assertDroppedQuietly(established(), seg(".").seq(1).ack(1).len(0), packet -> {
            packet.setShort(2, IP + 12);
            packet.writerIndex(IP + 12);
            fixIpChecksum(packet);
        }, DropReason.TRUNCATED_TCP);
    }

    /** RFC 9293 §3.1: the checksum covers pseudo header, header and data. */
    @Test
    void badChecksum() {
        assertDroppedQuietly(established(), seg(".").seq(1).ack(1).len(100),
                packet -> packet.setByte(packet.writerIndex() - 1, packet.getByte(packet.writerIndex() - 1) ^ 0x20),
                DropReason.BAD_TCP_CHECKSUM);
    }

    /** RFC 9293 §3.1: a data offset below 5 words. */
    @Test
    void dataOffsetBelowFiveWords() {
        assertDroppedQuietly(established(), seg(".").seq(1).ack(1).len(100),
                packet -> packet.setByte(IP + 12, 4 << 4), DropReason.BAD_DATA_OFFSET);
    }

    /** RFC 9293 §3.1: a data offset past the end of the segment. */
    @Test
    void dataOffsetPastTheSegment() {
        assertDroppedQuietly(established(), seg(".").seq(1).ack(1).len(8),
                packet -> packet.setByte(IP + 12, 15 << 4), DropReason.BAD_DATA_OFFSET);
    }

    /** RFC 9293 §3.2 (MUST-7): be prepared for an option length that runs past the header. */
    @Test
    void optionLengthPastTheHeader() {
        assertDroppedQuietly(established(), seg(".").seq(1).ack(1).mss(1460).len(100), packet -> {
            packet.setByte(IP + 21, 40); // MSS option claims 40 bytes in a 4-byte options area
            fixTcpChecksum(packet);
        }, DropReason.BAD_OPTION_LENGTH);
    }

    /** RFC 9293 §3.10.7: no state accepts SYN together with FIN. */
    @Test
    void synWithFin() {
        assertDroppedQuietly(established(), seg("SF.").seq(1).ack(1).len(10), packet -> { }, DropReason.ILLEGAL_FLAGS);
    }

    /** RFC 9293 §3.10.7.4 "fifth": a segment without ACK (and without SYN or RST) is dropped. */
    @Test
    void noAckNoSynNoRst() {
        assertDroppedQuietly(established(), seg("P").seq(1).len(10), packet -> { }, DropReason.ILLEGAL_FLAGS);
    }

    /** A listener is as robust: a bad SYN makes no connection and no answer. */
    @Test
    void badSynToAListener() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.listen();
        ByteBuf packet = p.packet(plainSyn());
        packet.setByte(IP + 21, 9); // MSS option of length 9
        fixTcpChecksum(packet);
        p.inRaw(packet);
        p.in(seg("SF").seq(0));
        p.expectNothing();
        assertThat(p.stack.connections()).isEmpty();
        assertThat(p.drops(DropReason.BAD_OPTION_LENGTH)).isEqualTo(1);
        assertThat(p.drops(DropReason.ILLEGAL_FLAGS)).isEqualTo(1);
    }
}
