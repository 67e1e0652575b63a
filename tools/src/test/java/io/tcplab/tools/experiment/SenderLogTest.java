package io.tcplab.tools.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import org.junit.jupiter.api.Test;

class SenderLogTest {
    private final SenderLog log = new SenderLog();

    private void trace(long now, TraceEvent event, String detail, long cwnd, long seq) {
        TraceRecord r = new TraceRecord();
        r.nowNanos = now;
        r.event = event;
        r.detail = detail;
        r.cwnd = cwnd;
        r.ssthresh = Long.MAX_VALUE;
        r.seq = seq;
        r.sndUna = seq;
        log.onTrace(r);
    }

    private void window(long now, long cwnd) {
        log.window(now, cwnd, Long.MAX_VALUE);
    }

    @Test
    void countsTheTableEventsAndOnlyDoubleDropRecoveries() {
        trace(1, TraceEvent.SEND, null, 10, 1000);
        trace(2, TraceEvent.RTO, null, 10, 1000);
        trace(3, TraceEvent.RETRANSMIT, null, 10, 1000);
        trace(4, TraceEvent.RETRANSMIT, null, 10, 2000);
        trace(5, TraceEvent.RECOVERY_ENTER, "DUPTHRESH_LOSS", 10, 1000);
        trace(6, TraceEvent.DOUBLE_DROP, "teb", 10, 1000);
        trace(7, TraceEvent.SPURIOUS_UNDO, "eifel", 10, 1000);
        assertThat(log.rtos).isEqualTo(1);
        assertThat(log.retransmissions).isEqualTo(2);
        assertThat(log.counts().doubleDrops()).isEqualTo(1);
        assertThat(log.doubleDropped.time(0)).as("kept with its time").isEqualTo(6);
        assertThat(log.spuriousUndos).isEqualTo(1);
        // sequence numbers count from the first segment sent
        assertThat(log.retransmitted.value(1)).isEqualTo(1000);
    }

    @Test
    void keepsTheWindowOnlyWhenItChanges() {
        trace(1, TraceEvent.ACK, null, 10, 0);
        trace(2, TraceEvent.ACK, null, 10, 0);
        trace(3, TraceEvent.ACK, null, 20, 0);
        assertThat(log.cwnd.size()).isEqualTo(2);
        assertThat(log.cwndAt(2)).isEqualTo(10);
        assertThat(log.cwndAt(3)).isEqualTo(20);
        assertThat(log.cwndAt(0)).isEqualTo(-1);
    }

    @Test
    void recoveryIsTheTimeFromTheSpikeUntilTheWindowIsBack() {
        trace(1, TraceEvent.ACK, null, 100, 0);
        trace(10, TraceEvent.RTO, null, 1, 0);
        trace(15, TraceEvent.ACK, null, 50, 0);
        trace(18, TraceEvent.ACK, null, 100, 0);
        assertThat(log.firstBackNanos(8, 100)).isEqualTo(10);
        assertThat(log.firstBackNanos(16, 50)).as("never fell below it after 16").isZero();
        assertThat(log.firstBackNanos(8, 101)).as("never back").isEqualTo(-1);
    }

    /**
     * A window that touches its old value and falls again: 100 before the spike at 10, 40 at 11,
     * back to 100 at 12 (first touch: 2), down to 60 at 13 (a later loss), 100 again at 16 and
     * there to the end of the window at 20 — back for good from 16: 6.
     */
    @Test
    void stayingBackIsFromTheLastRiseAfterTheLastFall() {
        window(0, 100);
        window(11, 40);
        window(12, 100);
        window(13, 60);
        window(16, 100);
        window(18, 120);
        assertThat(log.firstBackNanos(10, 100)).as("first touch").isEqualTo(2);
        assertThat(log.staysBackNanos(10, 20, 100)).as("stays from 16").isEqualTo(6);
        assertThat(log.staysBackNanos(10, 14, 100)).as("below at the end of a shorter window").isEqualTo(-1);
        assertThat(log.staysBackNanos(10, 20, 40)).as("never fell below 40").isZero();
        assertThat(log.staysBackNanos(13, 20, 100)).as("a fall at the window's first instant counts").isEqualTo(3);
    }
}
