package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.SoftError;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.wire.IcmpWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ICMP and ICMPv6: echo (RFC 792, RFC 4443 §4), errors as soft errors (RFC 9293 §3.9.2.2, RFC 1122
 * §4.2.3.9) validated per RFC 5927 §4.1, and Path MTU discovery (RFC 1191, RFC 8201).
 */
class IcmpScriptTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] ROUTER_V4 = {10, 0, 0, (byte) 254};
    private static final byte[] ROUTER_V6 = HEX.parseHex("20010db80000000000000000000000fe");
    private static final int MSS = 1460;

    // Hand-assembled packets; every checksum was computed independently of the stack's code.
    /** 10.0.0.2 -> 10.0.0.1 Echo Request id 0x1234 seq 1, "abcdefgh", IP id 7. */
    private static final String ECHO_REQUEST_V4 =
            "4500002400070000400166d00a0000020a000001" + "08005435" + "12340001" + "6162636465666768";
    /** The reply: addresses swapped, IP id 0, TTL 64, type 0, same identifier, sequence and data. */
    private static final String ECHO_REPLY_V4 =
            "4500002400000000400166d70a0000010a000002" + "00005c35" + "12340001" + "6162636465666768";
    /** 2001:db8::2 -> 2001:db8::1 Echo Request, checksum over the RFC 8200 §8.1 pseudo-header. */
    private static final String ECHO_REQUEST_V6 = "6000000000103a40"
            + "20010db8000000000000000000000002" + "20010db8000000000000000000000001"
            + "80008075" + "12340001" + "6162636465666768";
    private static final String ECHO_REPLY_V6 = "6000000000103a40"
            + "20010db8000000000000000000000001" + "20010db8000000000000000000000002"
            + "81007f75" + "12340001" + "6162636465666768";

    private static ByteBuf hex(String s) {
        return Unpooled.wrappedBuffer(HEX.parseHex(s));
    }

    /** An ICMP(v6) error from a router on the path, quoting {@code quote} (RFC 792: IP header + 8 bytes). */
    private static ByteBuf error(ScriptedPeer p, int type, int code, long rest, byte[] quote) {
        boolean v4 = p.local.length == 4;
        ByteBuf out = Unpooled.buffer();
        new IcmpWriter().write(out, v4 ? ROUTER_V4 : ROUTER_V6, p.local, type, code, rest,
                Unpooled.wrappedBuffer(quote), 0, quote.length);
        return out;
    }

    /** RFC 792's minimum quote: the IPv4 header and the first 64 bits of the segment. */
    private static byte[] rfc792Quote(byte[] packet) {
        return Arrays.copyOf(packet, 28);
    }

    // ================================================================ echo

    @Test
    void echoRequestV4IsAnsweredWithTheExactReply() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.inRaw(hex(ECHO_REQUEST_V4));
        assertThat(HEX.formatHex(p.expectIcmp())).isEqualTo(ECHO_REPLY_V4);
        p.expectNothing();
        assertThat(p.stack.stats().icmpEchoRepliesSent()).isEqualTo(1);
        assertThat(p.stack.stats().totalDrops()).isZero();
    }

    @Test
    void echoRequestV6IsAnsweredWithTheExactReply() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), true);
        p.inRaw(hex(ECHO_REQUEST_V6));
        assertThat(HEX.formatHex(p.expectIcmp())).isEqualTo(ECHO_REPLY_V6);
        assertThat(p.stack.stats().totalDrops()).isZero();
    }

    @Test
    void aLargeEchoIsReturnedWholeAndRepliesAllocateNothingNew() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), true);
        byte[] data = new byte[60_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        ByteBuf request = Unpooled.buffer();
        new IcmpWriter().write(request, ScriptedPeer.REMOTE_V6, ScriptedPeer.LOCAL_V6, 128, 0, 0xabcd0009L,
                Unpooled.wrappedBuffer(data), 0, data.length);
        p.inRaw(request);
        byte[] reply = p.expectIcmp();
        assertThat(reply.length).isEqualTo(40 + 8 + data.length);
        assertThat(reply[40] & 0xff).isEqualTo(129);
        assertThat(Arrays.copyOfRange(reply, 44, 48)).containsExactly(0xab, 0xcd, 0x00, 0x09);
        assertThat(Arrays.copyOfRange(reply, 48, reply.length)).isEqualTo(data);
    }

    // ================================================================ what is not answered

    @Test
    void malformedAndUnhandledIcmpIsDroppedAndCounted() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        // RFC 792: fewer than 8 bytes of ICMP (total length 24, fixed IP checksum)
        ByteBuf shortOne = hex("4500001800070000400166dc0a0000020a000001" + "08005435");
        fixIpChecksum(shortOne);
        p.inRaw(shortOne);
        assertThat(p.drops(DropReason.TRUNCATED_ICMP)).isEqualTo(1);
        // one bit of the data flipped: the ICMP checksum fails
        ByteBuf corrupt = hex(ECHO_REQUEST_V4);
        corrupt.setByte(30, corrupt.getByte(30) ^ 1);
        p.inRaw(corrupt);
        assertThat(p.drops(DropReason.BAD_ICMP_CHECKSUM)).isEqualTo(1);
        // an echo for someone else
        ByteBuf other = hex(ECHO_REQUEST_V4);
        other.setByte(19, 9);
        fixIpChecksum(other);
        p.inRaw(other);
        assertThat(p.drops(DropReason.NOT_OUR_ADDRESS)).isEqualTo(1);
        // an echo reply is not ours to answer
        ByteBuf reply = Unpooled.buffer();
        new IcmpWriter().write(reply, ScriptedPeer.REMOTE, ScriptedPeer.LOCAL, 0, 0, 0, null, 0, 0);
        p.inRaw(reply);
        assertThat(p.drops(DropReason.ICMP_IGNORED)).isEqualTo(1);
        // an error whose quote is cut inside the IP header
        p.inRaw(error(p, 3, 1, 0, new byte[12]));
        assertThat(p.drops(DropReason.MALFORMED_ICMP_QUOTE)).isEqualTo(1);
        // an error quoting UDP
        byte[] udp = HEX.parseHex("4500001c00000000401100000a0000010a000002" + "0035003500080000");
        p.inRaw(error(p, 3, 3, 0, udp));
        assertThat(p.drops(DropReason.ICMP_QUOTE_NOT_TCP)).isEqualTo(1);
        // an error quoting a TCP four-tuple we have no connection for
        byte[] tcp = HEX.parseHex("4500002800000000400600000a0000010a000002" + "1f909c4000000001");
        p.inRaw(error(p, 3, 1, 0, tcp));
        assertThat(p.drops(DropReason.ICMP_NO_CONNECTION)).isEqualTo(1);

        assertThat(p.stack.stats().totalDrops()).isEqualTo(7);
        p.expectNoIcmp();
        p.expectNothing();
    }

    @Test
    void icmpv6WithAWrongPseudoHeaderChecksumAndNeighborDiscoveryAreDroppedApart() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), true);
        ByteBuf wrongSource = hex(ECHO_REQUEST_V6);
        wrongSource.setByte(23, 3); // source 2001:db8::3: the pseudo-header no longer matches
        p.inRaw(wrongSource);
        assertThat(p.drops(DropReason.BAD_ICMP_CHECKSUM)).isEqualTo(1);
        // RFC 4861 §4.3 Neighbor Solicitation for our address: no ND on a point-to-point TUN
        ByteBuf ns = Unpooled.buffer();
        new IcmpWriter().setTtl(255).write(ns, ScriptedPeer.REMOTE_V6, ScriptedPeer.LOCAL_V6, 135, 0, 0,
                Unpooled.wrappedBuffer(ScriptedPeer.LOCAL_V6), 0, 16);
        p.inRaw(ns);
        assertThat(p.drops(DropReason.ICMP_NEIGHBOR_DISCOVERY)).isEqualTo(1);
        assertThat(p.stack.stats().totalDrops()).isEqualTo(2);
        p.expectNoIcmp();
    }

    private static void fixIpChecksum(ByteBuf packet) {
        packet.setShort(10, 0);
        packet.setShort(10, io.tcplab.stack.wire.Checksum.fold(io.tcplab.stack.wire.Checksum.sum(packet, 0, 20, 0)));
    }

    // ================================================================ soft errors

    @Test
    void aHostUnreachableQuotingDataInFlightIsRecordedAndTheConnectionGoesOn() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        List<String> trace = new ArrayList<>();
        p.connection().setTraceListener(r -> trace.add(r.event + ":" + r.detail));
        p.write(1000);
        p.expect(seg("P.").seq(1).len(1000));
        p.inRaw(error(p, 3, 1, 0, rfc792Quote(p.lastPacketBytes())));
        p.expectNothing();
        assertThat(p.connection().lastSoftError()).isEqualTo(SoftError.HOST_UNREACHABLE);
        assertThat(p.stack.stats().icmpErrorsAccepted()).isEqualTo(1);
        assertThat(trace).contains("ICMP_ERROR:HOST_UNREACHABLE");
        p.assertState(TcpState.ESTABLISHED);
        // a hard error in a synchronized state is soft too (RFC 5461)
        p.inRaw(error(p, 3, 3, 0, rfc792Quote(p.lastPacketBytes())));
        assertThat(p.connection().lastSoftError()).isEqualTo(SoftError.PORT_UNREACHABLE);
        p.assertState(TcpState.ESTABLISHED);
        p.in(seg(".").seq(1).ack(1001));
        assertThat(p.connection().info().bytesAcked()).isEqualTo(1000);
    }

    @Test
    void anErrorQuotingASequenceNumberNoLongerInFlightIsIgnored() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.write(1000);
        p.expect(seg("P.").seq(1).len(1000));
        byte[] quote = rfc792Quote(p.lastPacketBytes());
        p.in(seg(".").seq(1).ack(1001)); // acknowledged: SND.UNA moved past the quoted segment
        p.inRaw(error(p, 3, 1, 0, quote));
        assertThat(p.drops(DropReason.ICMP_OUT_OF_WINDOW)).isEqualTo(1);
        assertThat(p.connection().lastSoftError()).isNull();
        // RFC 5927 §4.1: a sequence number never sent is not in flight either
        p.write(500);
        p.expect(seg("P.").seq(1001).len(500));
        byte[] ahead = rfc792Quote(p.lastPacketBytes());
        int seqAt = 24;
        int seq = Unpooled.wrappedBuffer(ahead).getInt(seqAt) + 500; // = SND.NXT
        Unpooled.wrappedBuffer(ahead).setInt(seqAt, seq);
        p.inRaw(error(p, 11, 0, 0, ahead));
        assertThat(p.drops(DropReason.ICMP_OUT_OF_WINDOW)).isEqualTo(2);
        assertThat(p.connection().lastSoftError()).isNull();
        assertThat(p.stack.stats().icmpErrorsAccepted()).isZero();
    }

    @Test
    void portUnreachableInSynSentRefusesTheConnection() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.connect();
        p.expect(seg("S").seq(0));
        p.inRaw(error(p, 3, 3, 0, rfc792Quote(p.lastPacketBytes())));
        p.expectNothing();
        p.assertClosed(ConnectionError.REFUSED);
        assertThat(p.connection().lastSoftError()).isEqualTo(SoftError.PORT_UNREACHABLE);
    }

    @Test
    void icmpv6PortUnreachableInSynSentRefusesButHostUnreachableOnlyRecords() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), true);
        p.connect();
        p.expect(seg("S").seq(0).mss(1440)); // 1460 for IPv4 is 1440 for IPv6: same MTU
        byte[] syn = p.lastPacketBytes();
        p.inRaw(error(p, 1, 3, 0, syn)); // address unreachable: soft
        p.assertState(TcpState.SYN_SENT);
        assertThat(p.connection().lastSoftError()).isEqualTo(SoftError.HOST_UNREACHABLE);
        p.inRaw(error(p, 1, 4, 0, syn)); // port unreachable: hard in SYN-SENT
        p.assertClosed(ConnectionError.REFUSED);
    }

    // ================================================================ Path MTU

    /**
     * RFC 1191 §6.4: "fragmentation needed" with next-hop MTU 1000 lowers the MSS to 960 (1000 − 20 − 20);
     * every segment in flight larger than that was dropped and is resent at once in pieces of 960, without
     * a congestion response; new data goes out in 960-byte segments.
     */
    @Test
    void fragmentationNeededLowersTheSegmentSizeOfRetransmittedAndNewData() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.write(3 * MSS);
        p.expect(seg(".").seq(1).len(MSS));
        byte[] second = rfc792Quote(p.packetBytes(p.expect(seg(".").seq(1 + MSS).len(MSS))));
        p.expect(seg("P.").seq(1 + 2 * MSS).len(MSS));
        long cwnd = p.connection().info().cwndBytes();
        p.advanceTo(10);
        p.inRaw(error(p, 3, 4, 1000, second));
        assertThat(p.connection().info().mss()).isEqualTo(960);
        assertThat(p.connection().pathMtu()).isEqualTo(1000);
        for (int i = 0; i < 3; i++) {
            int start = 1 + i * MSS;
            p.expect(seg(".").seq(start).len(960).at(10));
            p.expect(seg(i == 2 ? "P." : ".").seq(start + 960).len(MSS - 960).at(10));
        }
        p.expectNothing();
        assertThat(p.connection().info().cwndBytes()).isEqualTo(cwnd); // not congestion
        assertThat(p.connection().info().segmentsRetransmitted()).isEqualTo(6);
        p.in(seg(".").seq(1).ack(1 + 3 * MSS));
        p.write(1920);
        p.expect(seg(".").seq(1 + 3 * MSS).len(960));
        p.expect(seg("P.").seq(1 + 3 * MSS + 960).len(960));
        // a second report of the same MTU changes nothing and resends nothing
        p.inRaw(error(p, 3, 4, 1000, rfc792Quote(p.lastPacketBytes())));
        p.expectNothing();
        // the retransmission timer resends in the new size too
        p.advanceTo(1010);
        p.expect(seg(".").seq(1 + 3 * MSS).len(960));
    }

    /** RFC 1191 §3, RFC 5927 §7.3: a reported MTU below the floor (576 here) is raised to it. */
    @Test
    void anAbsurdlySmallMtuIsRaisedToTheFloor() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.write(MSS);
        p.expect(seg("P.").seq(1).len(MSS));
        p.inRaw(error(p, 3, 4, 68, rfc792Quote(p.lastPacketBytes())));
        assertThat(p.connection().info().mss()).isEqualTo(536);
        p.expect(seg(".").seq(1).len(536));
        p.expect(seg(".").seq(537).len(536));
        p.expect(seg("P.").seq(1073).len(MSS - 1072));
        // those were lost too: the timeout resends the segment sent before the MTU fell, again in pieces
        p.advanceTo(1000);
        p.expect(seg(".").seq(1).len(536).at(1000));
        p.expect(seg(".").seq(537).len(536).at(1000));
        p.expect(seg("P.").seq(1073).len(MSS - 1072).at(1000));
        p.expectNothing();
        p.in(seg(".").seq(1).ack(1 + MSS));
        assertThat(p.connection().info().bytesAcked()).isEqualTo(MSS);
    }

    /** RFC 1191 §5: a router that reports MTU 0 gets the next plateau below the quoted length (1500 -> 1492). */
    @Test
    void aZeroNextHopMtuUsesThePlateauTable() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.write(MSS);
        p.expect(seg("P.").seq(1).len(MSS));
        p.inRaw(error(p, 3, 4, 0, rfc792Quote(p.lastPacketBytes())));
        assertThat(p.connection().pathMtu()).isEqualTo(1492);
        p.expect(seg(".").seq(1).len(1452));
        p.expect(seg("P.").seq(1453).len(8));
    }

    /** RFC 8201 §5.4 with timestamps: MTU 1280 leaves 1280 − 40 − 20 − 12 = 1208 bytes a segment. */
    @Test
    void packetTooBigLowersTheMssOverIpv6() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults(), true);
        p.acceptFrom(fullSyn().mss(1440));
        int tsMss = 1440 - 12;
        p.write(tsMss);
        p.expect(seg("P.").seq(1).len(tsMss));
        byte[] sent = p.lastPacketBytes();
        p.inRaw(error(p, 2, 0, 1280, Arrays.copyOf(sent, 1280 - 48))); // RFC 4443 §2.4(c): as much as fits
        assertThat(p.connection().info().mss()).isEqualTo(1208);
        assertThat(p.connection().lastSoftError()).isEqualTo(SoftError.PACKET_TOO_BIG);
        p.expect(seg(".").seq(1).len(1208));
        p.expect(seg("P.").seq(1209).len(tsMss - 1208));
        // a Packet Too Big quoting data already acknowledged is ignored (RFC 5927 §4.1)
        p.in(seg(".").seq(1).ack(1 + tsMss));
        p.inRaw(error(p, 2, 0, 1280, Arrays.copyOf(sent, 100)));
        assertThat(p.drops(DropReason.ICMP_OUT_OF_WINDOW)).isEqualTo(1);
        p.write(3000);
        p.expect(seg(".").seq(1 + tsMss).len(1208));
    }
}
