package io.tcplab.tools.metrics;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class TraceCsvWriterTest {

    private static TraceRecord record(TraceEvent event) {
        TraceRecord r = new TraceRecord();
        r.nowNanos = 1_500_000_000L;
        r.event = event;
        r.cwnd = 14_600;
        r.ssthresh = Long.MAX_VALUE;
        r.srttNanos = 20_250_000;
        r.rtoNanos = 200_000_000;
        r.inflight = 7_300;
        r.sndUna = 1_000;
        r.sndNxt = 8_300;
        r.seq = 8_300;
        r.length = 1_460;
        return r;
    }

    private static String[] lines(StringWriter out) {
        return out.toString().split("\n");
    }

    @Test
    void writesTheHeaderThenOneLinePerRecord() throws IOException {
        StringWriter out = new StringWriter();
        try (TraceCsvWriter writer = new TraceCsvWriter(out)) {
            writer.onTrace(record(TraceEvent.SEND));
            TraceRecord ack = record(TraceEvent.ACK);
            ack.ssthresh = 29_200;
            writer.onTrace(ack);
        }
        assertThat(lines(out)).containsExactly(
                "time_s,cwnd,ssthresh,srtt_ms,rto_ms,inflight,snd_una,snd_nxt,event,detail,seq,len",
                "1.5,14600,inf,20.25,200,7300,1000,8300,SEND,,8300,1460",
                // seq and len are stale on a non-segment record, so they stay empty.
                "1.5,14600,29200,20.25,200,7300,1000,8300,ACK,,,");
    }

    @Test
    void writesDetailAndQuotesItOnlyWhenItNeedsTo() throws IOException {
        StringWriter out = new StringWriter();
        try (TraceCsvWriter writer = new TraceCsvWriter(out)) {
            TraceRecord state = record(TraceEvent.CA_STATE);
            state.detail = "RECOVERY";
            writer.onTrace(state);
            state.detail = "a,\"b\"";
            writer.onTrace(state);
        }
        assertThat(lines(out)[1]).endsWith(",CA_STATE,RECOVERY,,");
        assertThat(lines(out)[2]).endsWith(",CA_STATE,\"a,\"\"b\"\"\",,");
    }

    @Test
    void decimalsAreExactWithoutTrailingZeros() {
        assertThat(decimal(0, 9)).isEqualTo("0");
        assertThat(decimal(1, 9)).isEqualTo("0.000000001");
        assertThat(decimal(10_000_000_000L, 9)).isEqualTo("10");
        assertThat(decimal(1_020_000_000L, 9)).isEqualTo("1.02");
        assertThat(decimal(-1_500_000, 6)).isEqualTo("-1.5");
        assertThat(decimal(-1, 6)).isEqualTo("-0.000001");
        assertThat(decimal(Long.MIN_VALUE, 9)).isEqualTo("-9223372036.854775808");
    }

    private static String decimal(long value, int scale) {
        return TraceCsvWriter.appendDecimal(new StringBuilder(), value, scale).toString();
    }

    @Test
    void opensAFileAndFlushesItOnClose(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace.csv");
        try (TraceCsvWriter writer = TraceCsvWriter.open(file)) {
            writer.onTrace(record(TraceEvent.RETRANSMIT));
        }
        assertThat(Files.readAllLines(file)).hasSize(2)
                .last().asString().isEqualTo("1.5,14600,inf,20.25,200,7300,1000,8300,RETRANSMIT,,8300,1460");
    }
}
