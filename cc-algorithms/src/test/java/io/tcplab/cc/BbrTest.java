package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** BBR v1's state machine and model on a 1000 segment/s, 40 ms synthetic path (BDP 40 segments). */
class BbrTest {
    private static final long MS = 1_000_000L;

    @Test
    void startupDrainProbeBwAndTheModel() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        List<Bbr.Mode> modes = new ArrayList<>();
        List<Double> gains = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            path.round();
            if (modes.isEmpty() || modes.get(modes.size() - 1) != bbr.mode()) {
                modes.add(bbr.mode());
            }
            if (bbr.mode() == Bbr.Mode.PROBE_BW) {
                gains.add(bbr.pacingGain());
            }
        }
        assertThat(modes).startsWith(Bbr.Mode.STARTUP, Bbr.Mode.DRAIN, Bbr.Mode.PROBE_BW);
        assertThat(bbr.btlBw()).isCloseTo(1_000_000L, within(10_000L)); // 1% of the capacity
        assertThat(bbr.minRtt()).isEqualTo(40 * MS);
        assertThat(gains).contains(1.25, 0.75, 1.0);
        // pacing = gain·BtlBw·0.99
        assertThat((double) bbr.pacingRateBytesPerSec()).isCloseTo(bbr.pacingGain() * bbr.btlBw() * 0.99, within(1.0));
        // cwnd = 2·BDP + quantization budget in PROBE_BW (±4 segments for the budget and the 1.25 phase)
        assertThat(path.cwndSegments()).isCloseTo(80, within(8.0));
    }

    /**
     * The route lengthens from 40 to 60 ms at 1 s, so RTprop is not refreshed: 10 s after the last
     * 40 ms sample PROBE_RTT holds 4 segments, learns 60 ms, and PROBE_BW resumes.
     */
    @Test
    void probeRttAfterTenSecondsWithoutANewMinimum() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(1000 * MS);
        path.baseRttNanos = 60 * MS;
        boolean sawProbeRtt = false;
        double minCwnd = Double.MAX_VALUE;
        while (path.now < 12_000 * MS) {
            path.round();
            if (bbr.mode() == Bbr.Mode.PROBE_RTT) {
                sawProbeRtt = true;
                minCwnd = Math.min(minCwnd, path.cwndSegments());
            }
        }
        assertThat(sawProbeRtt).isTrue();
        assertThat(minCwnd).isEqualTo(4);
        assertThat(bbr.mode()).isEqualTo(Bbr.Mode.PROBE_BW);
        assertThat(bbr.minRtt()).isEqualTo(60 * MS);
    }

    /**
     * Linux's ACK-aggregation allowance: in PROBE_BW on the 1000 segment/s path, ACKs every
     * millisecond leave an extra of about one segment; then 20 ms of silence and one ACK for 20
     * segments (the ACK rate fell behind BtlBw, so the epoch restarts at that ACK) is 20 segments
     * beyond what BtlBw × 0 ms expects, and cwnd may grow by that much above 2·BDP. A 300 ms
     * silence is capped at BtlBw × 100 ms = 100 segments.
     */
    @Test
    void ackAggregationRaisesTheWindowByTheExtraAcknowledged() {
        SyntheticPath path = new SyntheticPath(new Bbr(), 40 * MS, 1000, 10);
        Bbr bbr = (Bbr) path.cc;
        path.runUntil(2000 * MS);
        assertThat(bbr.mode()).isEqualTo(Bbr.Mode.PROBE_BW);
        double before = path.cwndSegments();
        bunch(path, 20 * MS, 20);
        assertThat(path.cwndSegments()).isCloseTo(before + 20, within(3.0));
        double capped = path.cwndSegments();
        bunch(path, 300 * MS, 300);
        assertThat(path.cwndSegments() - before).isLessThanOrEqualTo(100 + 3);
        assertThat(path.cwndSegments()).isGreaterThan(capped);
    }

    /** After {@code silence}, one ACK delivering {@code segments} at BtlBw's rate sample. */
    private static void bunch(SyntheticPath path, long silence, int segments) {
        path.now += silence;
        long acked = segments * (long) SyntheticPath.MSS;
        long before = path.delivered;
        path.delivered += acked;
        path.cc.onAck(new TestAck().set(path.now, acked, 40 * MS, 40 * MS, path.cc.cwndBytes(),
                path.cc.cwndBytes() - acked, false, path.delivered, path.lost, true,
                io.tcplab.stack.cc.CaState.OPEN, 1_000_000L).priorDelivered(before));
    }
}
