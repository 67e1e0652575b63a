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
        assertThat(log.recoveryNanos(8, 100)).isEqualTo(10);
        assertThat(log.recoveryNanos(16, 50)).as("never fell below it after 16").isZero();
        assertThat(log.recoveryNanos(8, 101)).as("never back").isEqualTo(-1);
    }
}
