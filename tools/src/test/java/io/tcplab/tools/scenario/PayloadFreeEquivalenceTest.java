package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Payload-free emulation (virtual payload: segments carry lengths, no bytes, no checksum) must not
 * change what happens: the same seed gives the same trace, record for record, and the same
 * counters as the run with real bytes, on a path that loses, reorders and duplicates.
 */
class PayloadFreeEquivalenceTest {
    /** Every field of one trace record, copied (the stack reuses its instance). */
    record Row(long nanos, TraceEvent event, String detail, long cwnd, long ssthresh, long srtt, long rto,
               long inflight, long sndUna, long sndNxt, long seq, int length) {
        static Row of(TraceRecord t) {
            return new Row(t.nowNanos, t.event, t.detail, t.cwnd, t.ssthresh, t.srttNanos, t.rtoNanos, t.inflight,
                    t.sndUna, t.sndNxt, t.seq, t.length);
        }
    }

    @Test
    void aLossyReorderingTransferGivesTheSameTraceAndCountersWithoutPayload() {
        TransferSpec spec = TransferSpecs.spec(4 << 20, p -> p.setLossProbability(0.01)
                .setReorderProbability(0.02).setDuplicateProbability(0.005));
        List<Row> withBytes = new ArrayList<>();
        List<Row> withoutBytes = new ArrayList<>();
        TransferResult real = TransferRunner.run(spec, t -> withBytes.add(Row.of(t)));
        TransferResult virtual = TransferRunner.run(spec.withPayload(false), t -> withoutBytes.add(Row.of(t)));

        assertThat(real.streamsEqual()).isTrue();
        assertThat(virtual.streamsEqual()).isTrue();
        assertThat(virtual.sha256Received()).isEqualTo(TransferRunner.NOT_HASHED);
        assertThat(withBytes).hasSizeGreaterThan(1000);
        assertThat(withoutBytes).isEqualTo(withBytes);
        assertThat(real.segmentsRetransmitted()).isPositive();
        assertThat(virtual.links()).isEqualTo(real.links()); // bytes on each link count the virtual payload
        assertThat(virtual.links().get("forward").reordered()).isPositive();
        assertThat(virtual.drops()).isEqualTo(real.drops());
        assertThat(virtual).usingRecursiveComparison()
                .ignoringFields("sha256Sent", "sha256Received", "wallSeconds", "cpuSeconds").isEqualTo(real);
    }

    @Test
    void corruptionDropsTheSameSegmentsWithAndWithoutPayload() {
        TransferSpec spec = TransferSpecs.spec(1 << 20, p -> p.setCorruptProbability(0.01));
        TransferResult real = TransferRunner.run(spec, null);
        TransferResult virtual = TransferRunner.run(spec.withPayload(false), null);

        assertThat(virtual.streamsEqual()).isTrue();
        assertThat(virtual.links().get("forward").corrupted()).isPositive()
                .isEqualTo(real.links().get("forward").corrupted());
        // every corrupted packet is dropped: a flagged one as a bad TCP checksum, a real one by a checksum
        assertThat(virtual.drops().get("b.bad_tcp_checksum"))
                .isEqualTo(virtual.links().get("forward").corrupted());
    }

    @Test
    void aMultiFlowScenarioGivesTheSameSeriesWithoutPayload() {
        Scenario s = ScenarioParser.parse("""
                duration: 5s
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 20Mbit, delay: 5ms, queue: 40p, loss: 0.002}
                  access: {delay: 1ms}
                flows:
                  - {name: bulk, rtt: 40ms}
                  - {name: fixed, traffic: fixed, size: 1MB, start: 1s}
                background:
                  - {name: web, traffic: web, load: 2Mbit, direction: reverse}
                """, "equivalence.yaml");
        ScenarioResult real = MultiFlowRunner.run(s, 3, now -> { }, true);
        ScenarioResult virtual = MultiFlowRunner.run(s, 3, now -> { }, false);
        assertThat(virtual.eventsProcessed()).isEqualTo(real.eventsProcessed());
        for (FlowSeries f : real.flows()) {
            FlowSeries v = virtual.flow(f.name());
            assertThat(v.delivered()).containsExactly(f.delivered());
            assertThat(v.cwnd()).containsExactly(f.cwnd());
            assertThat(v.info()).isEqualTo(f.info());
            assertThat(v.web()).isEqualTo(f.web());
        }
        for (LinkSeries l : real.links()) {
            assertThat(virtual.link(l.name()).stats()).isEqualTo(l.stats());
            assertThat(virtual.link(l.name()).queueBytes()).containsExactly(l.queueBytes());
        }
        assertThat(real.link("bottleneck").stats().lostRandom()).isPositive();
    }
}
