package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionSignal;
import org.junit.jupiter.api.Test;

/**
 * TCP Prague against draft-briscoe-iccrg-prague-congestion-control-04 and Linux tcp_prague.c
 * (v0.6), with hand-worked values. Rounds are driven by hand: {@link #round} starts one and
 * acknowledges the window in one-segment ACKs, the first {@code ce} of them CE-marked, with
 * Accurate ECN feedback unless {@link #accurate} is off.
 */
class PragueTest {
    private static final int MSS = 1000;
    private static final long MS = 1_000_000L;

    private final TestAck ack = new TestAck();
    private Prague prague;
    private long now;
    private long round;
    private boolean accurate = true;
    /** The window limits sending; off, the window does not grow (RFC 7661), which keeps rounds the same size. */
    private boolean limited = true;
    private CaState state = CaState.OPEN;

    private void start(long transition, int initialSegments) {
        prague = new Prague(1.0 / 16, 25 * MS, transition);
        prague.init(new CcInit(MSS, (long) initialSegments * MSS, true, true, false, 0, 0));
    }

    /** One round of {@code rtt}: its start, then its window of ACKs, {@code ce} of them marked. */
    private void round(long rtt, int ce) {
        long segments = prague.cwndBytes() / MSS;
        long start = now;
        closeRound();
        for (long i = 0; i < segments; i++) {
            now = start + rtt * (i + 1) / segments;
            boolean marked = i < ce;
            ack.set(now, MSS, rtt, rtt, segments * MSS, (segments - 1) * MSS, marked, 0, 0, limited, state, -1);
            prague.onAck(accurate ? ack.accurateEcn(marked ? MSS : 0) : ack.classicEcn());
        }
    }

    private void closeRound() {
        prague.onRoundStart(++round, now);
    }

    /** A CE response (or, without AccECN, an ECE one) now; the first one takes a flow out of slow start. */
    private void ceResponse() {
        prague.ssthreshOnCongestion(CongestionSignal.ECN, prague.cwndBytes(), now);
    }

    private double segments() {
        return (double) prague.cwndBytes() / MSS;
    }

    /**
     * α = (1−g)α + gF once per round, g = 1/16, left at 1 until the first mark (Linux saw_ce).
     * Rounds of 20 segments with F = 0 (no mark yet), 0.5, 0, 0.25:
     * 1; 15/16 + 0.5/16 = 0.96875; 0.96875·15/16 = 0.908203125; 0.908203125·15/16 + 0.25/16 = 0.8670654296875.
     */
    @Test
    void alphaIsAnEwmaOverRoundsOfTheCeFraction() {
        start(500, 40);
        ceResponse(); // α = 1 halves: 20 segments
        limited = false;
        round(10 * MS, 0);
        round(10 * MS, 10);
        assertThat(prague.alpha()).as("no mark before this round").isEqualTo(1.0);
        round(10 * MS, 0);
        assertThat(prague.alpha()).isCloseTo(0.96875, within(1e-12));
        round(10 * MS, 5);
        assertThat(prague.alpha()).isCloseTo(0.908203125, within(1e-12));
        closeRound();
        assertThat(prague.alpha()).isCloseTo(0.8670654296875, within(1e-12));
    }

    /**
     * cwnd·(1 − α/2): 100 segments at α = 1 → 50; a round of 50 with 25 marked makes
     * α = 0.96875, and the next response leaves 50 000·(1 − 0.484375) = 25 781.25 bytes.
     */
    @Test
    void aCeResponseTakesHalfOfAlpha() {
        start(500, 100);
        ceResponse();
        assertThat(prague.cwndBytes()).isEqualTo(50_000);
        assertThat(prague.ssthreshBytes()).isEqualTo(50_000);
        limited = false;
        round(10 * MS, 25);
        closeRound();
        ceResponse();
        assertThat(prague.cwndBytes()).isEqualTo(25_781);
    }

    /** Loss halves whatever α, and the window does not grow until recovery ends (prague_enter_loss). */
    @Test
    void lossHalvesAndHoldsTheWindowThroughRecovery() {
        start(500, 100);
        ceResponse();
        limited = false;
        round(10 * MS, 5); // α = 15/16 + 0.1/16
        closeRound();
        limited = true;
        prague.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 50_000, now);
        assertThat(prague.cwndBytes()).isEqualTo(25_000);
        state = CaState.RECOVERY;
        round(10 * MS, 0);
        assertThat(prague.cwndBytes()).isEqualTo(25_000);
        state = CaState.OPEN;
        round(10 * MS, 0);
        // 25 ACKs of one segment, each adding 1000·1000/cwnd bytes: just under one segment
        assertThat(segments()).isCloseTo(26, within(0.03));
    }

    /**
     * A marked segment adds nothing; the others add MSS²/cwnd each, in CWR too (Linux grows while
     * in TCP_CA_CWR). A round of 50 with 10 marked: about 40/50 of a segment.
     */
    @Test
    void onlyUnmarkedBytesGrowTheWindowEvenInCwr() {
        start(500, 100);
        ceResponse();
        state = CaState.CWR;
        round(10 * MS, 10);
        assertThat(segments()).isCloseTo(50.8, within(0.01));
    }

    /**
     * Reduced RTT dependence (draft §2.4.4, RTT_CONTROL_RATE): below T = 25 ms a round adds
     * (R/T)² segments. In one second: R = 5 ms, 200 rounds of 0.04 → 8 segments; R = 25 ms, 40 of 1
     * → 40; R = 50 ms, 20 of 1 → 20. The rate then grows by 8/0.005 = 40/0.025 = 1600 segments/s
     * each second at both RTTs at or below T, 20/0.05 = 400 above it.
     */
    @Test
    void belowTheTargetTheRateGrowsAtTheSamePaceWhateverTheRtt() {
        double[] grown = new double[3];
        long[] rtts = {5 * MS, 25 * MS, 50 * MS};
        for (int i = 0; i < rtts.length; i++) {
            start(0, 200);
            now = 0;
            ceResponse(); // 100 segments, out of slow start
            while (now < 1000 * MS) {
                round(rtts[i], 0);
            }
            grown[i] = segments() - 100;
        }
        assertThat(grown[0]).isCloseTo(8, within(0.1));
        assertThat(grown[1]).isCloseTo(40, within(0.5));
        assertThat(grown[2]).isCloseTo(20, within(0.3));
        double rateGrowth5 = grown[0] / 0.005;
        double rateGrowth25 = grown[1] / 0.025;
        assertThat(rateGrowth5 / rateGrowth25).isCloseTo(1, within(0.02));
    }

    /** Before {@code transition} rounds out of slow start, a 5 ms flow still adds a segment a round. */
    @Test
    void beforeTheTransitionTheIncreaseIsUnscaled() {
        start(500, 200);
        ceResponse();
        for (int i = 0; i < 10; i++) {
            round(5 * MS, 0);
        }
        // a round acknowledges whole segments, up to one less than cwnd: a little under 1 each
        assertThat(segments()).isCloseTo(110, within(0.15));
        assertThat(prague.rttIndependent()).isFalse();
    }

    /**
     * RTT-independent, a flow responds to CE at most once per T = 25 ms (prague_enter_cwr): after
     * a response at 10 ms, one at 30 ms is skipped, one at 35 ms halves (α is still 1).
     */
    @Test
    void rttIndependentResponsesAreAtLeastTheTargetApart() {
        start(2, 100);
        limited = false;
        round(10 * MS, 0);
        ceResponse(); // at 10 ms: 50 segments
        round(10 * MS, 0);
        round(10 * MS, 0);
        assertThat(prague.rttIndependent()).isTrue();
        assertThat(now).isEqualTo(30 * MS);
        ceResponse();
        assertThat(prague.cwndBytes()).as("20 ms after the last response").isEqualTo(50_000);
        now = 35 * MS;
        ceResponse();
        assertThat(prague.cwndBytes()).isEqualTo(25_000);
    }

    /** Not yet RTT-independent, only the stack's once-per-round rule spaces responses: 10 ms apart is fine. */
    @Test
    void beforeTheTransitionResponsesMayFollowEachRound() {
        start(500, 100);
        limited = false;
        round(10 * MS, 0);
        ceResponse();
        now = 20 * MS;
        ceResponse();
        assertThat(prague.cwndBytes()).isEqualTo(25_000);
    }

    /**
     * Pacing at cwnd per srtt (Linux prague_update_pacing_rate), twice that while cwnd &lt;
     * ssthresh/2: 50 000 bytes over 10 ms = 5 MB/s; in slow start, 10 ACKs take 10 segments to 20,
     * paced at 2·20 000/10 ms = 4 MB/s. ECT(1) asked for, and ECN needed.
     */
    @Test
    void pacesAtOneWindowPerRttAndAsksForEct1() {
        start(500, 10);
        round(10 * MS, 0);
        assertThat(prague.cwndBytes()).isEqualTo(20_000);
        assertThat(prague.pacingRateBytesPerSec()).isEqualTo(4_000_000);
        start(500, 100);
        ceResponse();
        limited = false;
        round(10 * MS, 0);
        assertThat(prague.pacingRateBytesPerSec()).isEqualTo(5_000_000);
        assertThat(prague.wantsEct1()).isTrue();
        assertThat(prague.needsEcn()).isTrue();
    }

    /**
     * Without Accurate ECN feedback Prague is Reno (Linux's prague-reno): a segment a round at
     * 5 ms past the transition, halving on ECE however little was marked, and no pacing of its own.
     */
    @Test
    void withoutAccurateEcnItIsReno() {
        start(0, 200);
        accurate = false;
        ceResponse();
        for (int i = 0; i < 10; i++) {
            round(5 * MS, 0);
        }
        assertThat(segments()).isCloseTo(110, within(0.01));
        assertThat(prague.pacingRateBytesPerSec()).isZero();
        round(5 * MS, 1);
        ceResponse();
        assertThat(segments()).isCloseTo(55.5, within(0.01));
    }

    @Test
    void parametersAreValidated() {
        Prague.Provider provider = new Prague.Provider();
        CcParameters none = CcParameters.none("prague");
        provider.create(none);
        assertThat(none.describe()).isEqualTo("g=0.0625 [9.765625E-4, 1], target_ms=25 [0, 100], transition=500 [0, 1000000]");
        assertThatThrownBy(() -> provider.create(CcParameters.parse("prague", "target_ms=200")))
                .hasMessageContaining("target_ms").hasMessageContaining("[0, 100]");
    }
}
