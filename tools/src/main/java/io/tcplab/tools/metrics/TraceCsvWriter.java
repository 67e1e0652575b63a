package io.tcplab.tools.metrics;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes trace records as CSV, one line per record. Times are exact decimals (seconds, and
 * milliseconds for srtt and rto) with trailing zeros dropped; {@code ssthresh} is {@code inf}
 * while unset; {@code seq} and {@code len} are filled only for segment events (send, retransmit,
 * loss detected) because the stack reuses one record and leaves them stale otherwise.
 *
 * <p>Called per segment and per ACK while tracing is on, so a line is built in a reused
 * {@link StringBuilder} and copied into a reused char array: no allocation per record.
 */
public final class TraceCsvWriter implements TraceListener, AutoCloseable {
    public static final String HEADER =
            "time_s,cwnd,ssthresh,srtt_ms,rto_ms,inflight,snd_una,snd_nxt,event,detail,seq,len";

    private static final long[] POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
            100_000_000, 1_000_000_000};

    private final Writer out;
    private final StringBuilder line = new StringBuilder(160);
    private char[] chars = new char[160];

    public TraceCsvWriter(Writer out) throws IOException {
        this.out = out;
        out.write(HEADER);
        out.write('\n');
    }

    public static TraceCsvWriter open(Path file) throws IOException {
        return new TraceCsvWriter(new BufferedWriter(
                new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 16));
    }

    @Override
    public void onTrace(TraceRecord r) {
        StringBuilder b = line;
        b.setLength(0);
        appendDecimal(b, r.nowNanos, 9).append(',');
        b.append(r.cwnd).append(',');
        if (r.ssthresh == Long.MAX_VALUE) {
            b.append("inf");
        } else {
            b.append(r.ssthresh);
        }
        b.append(',');
        appendDecimal(b, r.srttNanos, 6).append(',');
        appendDecimal(b, r.rtoNanos, 6).append(',');
        b.append(r.inflight).append(',');
        b.append(r.sndUna).append(',');
        b.append(r.sndNxt).append(',');
        b.append(r.event.name()).append(',');
        appendText(b, r.detail).append(',');
        if (isSegmentEvent(r.event)) {
            b.append(r.seq).append(',').append(r.length);
        } else {
            b.append(',');
        }
        b.append('\n');
        write(b);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private static boolean isSegmentEvent(TraceEvent event) {
        return event == TraceEvent.SEND || event == TraceEvent.RETRANSMIT || event == TraceEvent.LOSS_DETECTED;
    }

    /** Appends {@code value / 10^scale} exactly, e.g. 1_500_000_000 at scale 9 as {@code 1.5}. */
    static StringBuilder appendDecimal(StringBuilder b, long value, int scale) {
        long whole = value / POW10[scale];
        long fraction = value % POW10[scale];
        if (value < 0) {
            b.append('-');
            whole = -whole;
            fraction = -fraction;
        }
        b.append(whole);
        if (fraction != 0) {
            int digits = scale;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            b.append('.');
            for (long p = POW10[digits - 1]; p > fraction; p /= 10) {
                b.append('0');
            }
            b.append(fraction);
        }
        return b;
    }

    private static StringBuilder appendText(StringBuilder b, String text) {
        if (text == null) {
            return b;
        }
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0) {
            return b.append(text);
        }
        b.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            b.append(c);
            if (c == '"') {
                b.append('"');
            }
        }
        return b.append('"');
    }

    private void write(StringBuilder b) {
        int n = b.length();
        if (chars.length < n) {
            chars = new char[n];
        }
        b.getChars(0, n, chars, 0);
        try {
            out.write(chars, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trace", e);
        }
    }
}
