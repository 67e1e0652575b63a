package io.tcplab.tools.analyze;

import static io.tcplab.stack.wire.TcpHeader.ACK;
import static io.tcplab.stack.wire.TcpHeader.FIN;
import static io.tcplab.stack.wire.TcpHeader.SYN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A hand-made capture with every number worked out by hand: a client at 10.0.0.1 (or fd00::1)
 * sends 4,000 bytes in 1,000-byte segments to a server, window scale 7 (client) and 5
 * (server), timestamps on, the server's handshake RTT 20 ms. Times in ms, SEQ raw:
 *
 * <pre>
 *  frame  ms  who  what
 *    1     0  C    SYN 1000, WS 7, TS 100/0
 *    2     5  -    a UDP datagram (skipped)
 *    3    10  S    SYN-ACK 5000 ack 1001, WS 5, TS 500/100           ack RTT (C's SYN) 10, TS RTT (C) 10
 *    4    20  C    ACK 5001, window 512 (x128), TS 102/500           ack RTT (S's SYN) 10, TS RTT (S) 10; handshake RTT 20
 *    5    30  C    1001-2001, TS 103/500
 *    6    31  C    2001-3001  (lost after the capture point)
 *    7    32  C    4001-5001  a gap before it: lost 1
 *    8    35  C    3001-4001  3 ms after the highest (&lt; 20 ms), not ending there: out of order 1
 *    9    40  S    ACK 2001, window 1000 (x32), TS 510/103           ack RTT 10 (frame 5); TS RTT 10 (103 first sent at 30)
 *   10    41  S    dup ACK 2001, SACK 3001-5001
 *   11    42  S    dup ACK 2001, SACK 3001-5001
 *   12    70  C    2001-3001 again: 28 ms after the last dup ACK, 38 after the highest: retransmission 1, TS 110/510
 *   13    80  S    ACK 5001, window 2000, TS 520/110                 ack RTT 48 (frame 7: 80 - 32); TS RTT 10 (110 at 70)
 *   14    90  C    FIN 5001, TS 115/520                              TS RTT (S) 10 (520 at 80)
 *   15   100  S    FIN 5001 ack 5002, window 2000, TS 530/115        ack RTT 10 (the FIN), TS RTT 10
 *   16   110  C    ACK 5002, TS 120/530                              ack RTT (S's FIN) 10, TS RTT (S) 10
 * </pre>
 */
class AnalyzerTest {
    private static final byte[] C4 = {10, 0, 0, 1};
    private static final byte[] S4 = {10, 0, 0, 2};
    private static final byte[] C6 = {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    private static final byte[] S6 = {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};

    @TempDir
    Path dir;

    @BeforeEach
    void libpcap() {
        Requires.libpcap("reading captures through pcap4j");
    }

    static Path transfer(Path file, int linkType, boolean ipv6) throws IOException {
        HandMadeCapture c = new HandMadeCapture(linkType, ipv6 ? C6 : C4, 40000, ipv6 ? S6 : S4, 5001,
                1_700_000_000_123_456_789L);
        c.tcp(0, true, SYN, 1000, 0, 65535, 0, o -> {
            o.setWindowScale(7);
            o.setTimestamps(100, 0);
        });
        c.udp(5);
        c.tcp(10, false, SYN | ACK, 5000, 1001, 65535, 0, o -> {
            o.setWindowScale(5);
            o.setTimestamps(500, 100);
        });
        c.tcp(20, true, ACK, 1001, 5001, 512, 0, o -> o.setTimestamps(102, 500));
        c.tcp(30, true, ACK, 1001, 5001, 512, 1000, o -> o.setTimestamps(103, 500));
        c.tcp(31, true, ACK, 2001, 5001, 512, 1000, o -> o.setTimestamps(103, 500));
        c.tcp(32, true, ACK, 4001, 5001, 512, 1000, o -> o.setTimestamps(103, 500));
        c.tcp(35, true, ACK, 3001, 5001, 512, 1000, o -> o.setTimestamps(103, 500));
        c.tcp(40, false, ACK, 5001, 2001, 1000, 0, o -> o.setTimestamps(510, 103));
        for (int ms = 41; ms <= 42; ms++) {
            c.tcp(ms, false, ACK, 5001, 2001, 1000, 0, o -> {
                o.setTimestamps(510, 103);
                o.addSackBlock(3001, 5001);
            });
        }
        c.tcp(70, true, ACK, 2001, 5001, 512, 1000, o -> o.setTimestamps(110, 510));
        c.tcp(80, false, ACK, 5001, 5001, 2000, 0, o -> o.setTimestamps(520, 110));
        c.tcp(90, true, FIN | ACK, 5001, 5001, 512, 0, o -> o.setTimestamps(115, 520));
        c.tcp(100, false, FIN | ACK, 5001, 5002, 2000, 0, o -> o.setTimestamps(530, 115));
        c.tcp(110, true, ACK, 5002, 5002, 512, 0, o -> o.setTimestamps(120, 530));
        return c.write(file);
    }

    @ParameterizedTest(name = "link type {0}, IPv6 {1}")
    @CsvSource({"101, false", "1, true", "276, false", "1, false"})
    void countsAndRttsAreThoseWorkedOutByHand(int linkType, boolean ipv6) throws IOException {
        Analysis a = Analyzer.analyze(transfer(dir.resolve("t.pcap"), linkType, ipv6), AnalysisOptions.all());

        assertThat(a.frames()).isEqualTo(16);
        assertThat(a.tcpPackets()).isEqualTo(15);
        assertThat(a.skippedNotTcp()).isEqualTo(1);
        assertThat(a.skippedMalformed()).isZero();
        assertThat(a.flows()).hasSize(1);
        FlowReport f = a.flows().get(0);
        assertThat(f.client()).endsWith(":40000");
        assertThat(f.server()).endsWith(":5001");
        assertThat(f.packets()).isEqualTo(15);
        assertThat(f.durationSeconds()).isCloseTo(0.110, within(1e-9));
        assertThat(f.handshakeRttMs()).isCloseTo(20.0, within(1e-9));

        DirectionReport d = f.data();
        assertThat(d.from()).isEqualTo(f.client());
        assertThat(d.packets()).isEqualTo(9);
        assertThat(d.segments()).isEqualTo(5);
        assertThat(d.wireBytes()).isEqualTo(5000);
        assertThat(d.uniqueBytes()).isEqualTo(4000);
        assertThat(d.goodputBitsPerSecond()).isCloseTo(4000 * 8 / 0.110, within(1e-6));
        assertThat(d.retransmissions()).isEqualTo(1);
        assertThat(d.resent()).isEqualTo(2);
        assertThat(d.fastRetransmissions()).isZero();
        assertThat(d.spuriousRetransmissions()).isZero();
        assertThat(d.outOfOrder()).isEqualTo(1);
        assertThat(d.lost()).isEqualTo(1);
        assertThat(d.ackSamples()).extracting(RttSample::frame).containsExactly(3L, 9L, 13L, 15L);
        assertThat(d.ackSamples()).extracting(s -> s.rttNanos() / 1e6)
                .containsExactly(10.0, 10.0, 48.0, 10.0);
        assertThat(d.rttAck()).isEqualTo(new RttStats(4, 10.0, 19.5, 48.0));
        assertThat(d.tsSamples()).extracting(RttSample::frame).containsExactly(3L, 9L, 13L, 15L);
        assertThat(d.rttTimestamps()).isEqualTo(new RttStats(4, 10.0, 10.0, 10.0));
        // the server's windows: the SYN-ACK's unscaled, then 1000 and 2000 x 2^5
        assertThat(d.receiveWindow()).isEqualTo(new WindowStats(6, 32_000L, (65535 + 3 * 32_000 + 2 * 64_000) / 6.0,
                65535L, 5));
        assertThat(d.sackPackets()).isEqualTo(2);
        assertThat(d.sackBlocks()).isEqualTo(2);

        DirectionReport r = f.reverse();
        assertThat(r.packets()).isEqualTo(6);
        assertThat(r.wireBytes()).isZero();
        assertThat(r.uniqueBytes()).isZero();
        assertThat(r.retransmissions()).isZero();
        assertThat(r.ackSamples()).extracting(s -> s.rttNanos() / 1e6).containsExactly(10.0, 10.0);
        // 510 was first sent at 40 and first echoed at 70
        assertThat(r.tsSamples()).extracting(s -> s.rttNanos() / 1e6).containsExactly(10.0, 30.0, 10.0, 10.0);
        // the client's packets with ACK (its SYN has none): 512 x 2^7
        assertThat(r.receiveWindow()).isEqualTo(new WindowStats(8, 65536L, 65536.0, 65536L, 7));
    }

    @Test
    void theSeriesHoldEachSegmentAckAndSackBlockInRelativeSequenceNumbers() throws IOException {
        Analysis a = Analyzer.analyze(transfer(dir.resolve("t.pcap"), HandMadeCapture.LINKTYPE_RAW, false),
                AnalysisOptions.all());
        DirectionSeries s = a.flows().get(0).data().series();
        assertThat(s.segments).extracting(DirectionSeries.SegmentPoint::start).containsExactly(0L, 1L, 1001L, 3001L,
                2001L, 1001L, 4001L);
        assertThat(s.segments).extracting(DirectionSeries.SegmentPoint::kind).containsExactly(SegmentKind.NEW,
                SegmentKind.NEW, SegmentKind.NEW, SegmentKind.NEW, SegmentKind.OUT_OF_ORDER,
                SegmentKind.RETRANSMISSION, SegmentKind.NEW);
        assertThat(s.sacks).extracting(DirectionSeries.SackBlock::left).containsExactly(2001L, 2001L);
        assertThat(s.sacks).extracting(DirectionSeries.SackBlock::right).containsExactly(4001L, 4001L);
        assertThat(s.acks.get(s.acks.size() - 1).ack()).isEqualTo(4002);
        // 1000 bytes acknowledged in the first 100 ms bin (at 40 ms), 3000 at 80 ms; the FIN not counted
        assertThat(s.ackedPerBin).containsEntry(0L, 4000L).hasSize(1);
    }

    @Test
    void aWindowCountsOnlyThePacketsInsideItButKeepsTheStateOfThoseBefore() throws IOException {
        Path file = transfer(dir.resolve("t.pcap"), HandMadeCapture.LINKTYPE_RAW, false);
        // 60 ms to 85 ms: the retransmission and the ACK of 5001
        Analysis a = Analyzer.analyze(file, new AnalysisOptions(60_000_000, 85_000_000, 10_000_000, 0));
        DirectionReport d = a.flows().get(0).data();
        assertThat(a.flows().get(0).packets()).isEqualTo(2);
        assertThat(d.retransmissions()).isEqualTo(1);
        assertThat(d.outOfOrder()).isZero();
        assertThat(d.uniqueBytes()).isEqualTo(3000);
        assertThat(d.rttAck()).isEqualTo(new RttStats(1, 48.0, 48.0, 48.0));
        assertThat(d.series().ackedPerBin).containsExactly(java.util.Map.entry(8L, 3000L));
    }

    @Test
    void csvAndPlotFilesAreWritten() throws IOException {
        Analysis a = Analyzer.analyze(transfer(dir.resolve("t.pcap"), HandMadeCapture.LINKTYPE_RAW, false),
                AnalysisOptions.all());
        List<Path> csv = AnalysisCsv.write(a, dir.resolve("csv"));
        assertThat(csv).extracting(p -> p.getFileName().toString()).containsExactly("flow-1-segments.csv",
                "flow-1-acks.csv", "flow-1-sack.csv", "flow-1-rtt.csv", "flow-1-goodput.csv");
        assertThat(Files.readAllLines(dir.resolve("csv/flow-1-segments.csv"))).contains(
                "0.070000000,12,1001,2001,1000,retransmission");
        assertThat(Files.readAllLines(dir.resolve("csv/flow-1-goodput.csv"))).containsExactly(
                "time_s,bytes,goodput_bps", "0.000000000,4000,320000.0", "0.100000000,0,0.0");
        assertThat(Files.readAllLines(dir.resolve("csv/flow-1-rtt.csv"))).contains("0.080000000,13,ack,48.000000");
        List<Path> png = TimeSequencePlot.write(a, dir.resolve("plot"));
        assertThat(png).extracting(p -> p.getFileName().toString()).containsExactly("flow-1-tseq.png");
        assertThat(Files.size(png.get(0))).isGreaterThan(5_000);
    }
}
