package io.tcplab.tools.scenario;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/** The sender's trace of one transfer kept in memory, with the questions the end-to-end tests ask of it. */
final class SenderTrace implements TraceListener {
    /** One record, copied: the stack reuses its instance. */
    record Row(long nanos, TraceEvent event, long srttNanos, long rtoNanos, long sndUna) {
    }

    private final List<Row> rows = new ArrayList<>();

    @Override
    public void onTrace(TraceRecord r) {
        rows.add(new Row(r.nowNanos, r.event, r.srttNanos, r.rtoNanos, r.sndUna));
    }

    List<Row> between(double fromSeconds, double toSeconds) {
        long from = nanos(fromSeconds);
        long to = nanos(toSeconds);
        return rows.stream().filter(r -> r.nanos() >= from && r.nanos() < to).toList();
    }

    long max(double fromSeconds, double toSeconds, ToLongFunction<Row> field) {
        return between(fromSeconds, toSeconds).stream().mapToLong(field).max().orElseThrow();
    }

    long count(double fromSeconds, double toSeconds, TraceEvent event) {
        return between(fromSeconds, toSeconds).stream().filter(r -> r.event() == event).count();
    }

    /** SND.UNA as of the last record at or before {@code seconds}. */
    long sndUnaAt(double seconds) {
        long at = nanos(seconds);
        long una = 0;
        for (Row r : rows) {
            if (r.nanos() > at) {
                break;
            }
            una = r.sndUna();
        }
        return una;
    }

    /** When {@code event} last happened, in seconds; 0 if never. */
    double lastTime(TraceEvent event) {
        return rows.stream().filter(r -> r.event() == event).mapToLong(Row::nanos).max().orElse(0) / 1e9;
    }

    /** Bits of payload acknowledged per second between the two times. */
    double goodputBitsPerSec(double fromSeconds, double toSeconds) {
        return (sndUnaAt(toSeconds) - sndUnaAt(fromSeconds)) * 8 / (toSeconds - fromSeconds);
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
