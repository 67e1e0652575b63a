package io.tcplab.tools.ab;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps one sample per interval from the sender's trace (on the driver thread), on the driver's
 * clock until {@link #finish} times them from the connect.
 */
final class TraceSampler {
    private final long interval;
    private final List<Sample> samples = new ArrayList<>();
    private long next = Long.MIN_VALUE;
    private long retransmits;
    private long firstUna = -1;

    TraceSampler(long interval) {
        this.interval = interval;
    }

    void onTrace(TraceRecord r) {
        if (r.event == TraceEvent.RETRANSMIT) {
            retransmits++;
        }
        if (firstUna < 0) {
            firstUna = r.sndUna;
        }
        if (next == Long.MIN_VALUE || r.nowNanos - next >= 0) {
            add(r.nowNanos, r.cwnd, r.srttNanos, retransmits, r.sndUna - firstUna);
            next = (next == Long.MIN_VALUE ? r.nowNanos : next) + interval;
            if (r.nowNanos - next >= 0) {
                next = r.nowNanos + interval;
            }
        }
    }

    /**
     * The samples with a last one from {@code info}, the sender's state at the end of its run,
     * taken on its driver thread, which owns the samples; timed from the sender's connect, as the
     * kernel's run is.
     */
    List<Sample> finish(TcplabSender sender, ConnectionInfo info) {
        long t0 = sender.connectNanos();
        return sender.call(() -> {
            add(sender.now(), info.cwndBytes(), info.srttNanos(), info.segmentsRetransmitted(), info.bytesAcked());
            return samples.stream().map(s -> new Sample(s.atNanos() - t0, s.cwndBytes(), s.srttNanos(),
                    s.retransmits(), s.bytesAcked())).toList();
        });
    }

    private void add(long now, long cwnd, long srtt, long retrans, long acked) {
        samples.add(new Sample(now, cwnd, srtt, retrans, acked));
    }
}
