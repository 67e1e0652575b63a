package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Record ends (Linux's MSG_EOR): no segment, new or retransmitted, carries bytes on both sides of
 * one. MSS 1000, an initial window of 10 segments, RTT 100 ms, virtual time.
 */
class EndOfRecordScriptTest {
    private static final int MSS = 1000;
    private static final int WIN = 65535;

    /** With SACK, so that RACK-TLP is the loss detector (without it NewReno runs, and no probe). */
    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().build());
        p.acceptFrom(plainSyn().mss(MSS).sackOk(), 100);
        return p;
    }

    private static List<String> ranges(List<Seg> sent) {
        return sent.stream().map(s -> s.seq() + ":" + (s.seq() + s.len())).toList();
    }

    /**
     * 10400 bytes fill the window and leave 400 queued; 400 more end a record; 1200 follow. After
     * the ACK of all ten segments the record's 800 bytes go alone (not 1000 with 200 of the next
     * write), then a full segment; the last 200 bytes wait (Nagle). Without the record end: two
     * full segments.
     */
    @Test
    void noSegmentSpansARecordEnd() {
        for (boolean eor : new boolean[] {true, false}) {
            ScriptedPeer p = established();
            p.write(10_400);
            assertThat(p.drain()).hasSize(10);
            p.write(400);
            if (eor) {
                p.connection().endRecord(p.nowNanos());
            }
            p.write(1200);
            p.expectNothing();
            p.advanceBy(100);
            p.in(seg(".").seq(1).ack(10_001).win(WIN));
            assertThat(ranges(p.drain())).as("record end " + eor).isEqualTo(eor
                    ? List.of("10001:10801", "10801:11801")
                    : List.of("10001:11001", "11001:12001"));
        }
    }

    /**
     * Three records of 300 bytes while the window is full: once it opens the first two leave as a
     * segment each, though Nagle would hold a small segment while one is unacknowledged — Nagle
     * holds back only the tail of the queue, and these are cut short by a record end, not by a
     * lack of data. The last record, the tail, waits until the others are acknowledged.
     */
    @Test
    void recordsLeaveOneSegmentEachAndNagleHoldsOnlyTheTail() {
        ScriptedPeer p = established();
        p.write(10_000);
        assertThat(p.drain()).hasSize(10);
        for (int i = 0; i < 3; i++) {
            p.write(300);
            p.connection().endRecord(p.nowNanos());
        }
        p.advanceBy(100);
        p.in(seg(".").seq(1).ack(10_001).win(WIN));
        assertThat(ranges(p.drain())).isEqualTo(List.of("10001:10301", "10301:10601"));
        p.advanceBy(100);
        p.in(seg(".").seq(1).ack(10_601).win(WIN));
        assertThat(ranges(p.drain())).isEqualTo(List.of("10601:10901"));
    }

    /**
     * The tail loss probe (RFC 8985 §7.3) sends new data when there is some: with the window
     * full and 600 bytes queued, the probe is the 300-byte record, not 600 bytes across its end.
     */
    @Test
    void aProbeOfNewDataStopsAtTheRecordEnd() {
        for (boolean eor : new boolean[] {true, false}) {
            ScriptedPeer p = established();
            p.write(10_000);
            assertThat(p.drain()).hasSize(10);
            p.write(300);
            if (eor) {
                p.connection().endRecord(p.nowNanos());
            }
            p.write(300);
            p.advanceBy(400); // past the probe timeout, 2 SRTT (RFC 8985 §7.2), before the RTO
            assertThat(ranges(p.drain())).as("record end " + eor)
                    .isEqualTo(List.of(eor ? "10001:10301" : "10001:10601"));
        }
    }
}
