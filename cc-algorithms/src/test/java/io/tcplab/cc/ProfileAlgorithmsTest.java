package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.AlgorithmDefault;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import org.junit.jupiter.api.Test;

/** A profile's algorithm parameters reach the algorithm a connection makes. */
class ProfileAlgorithmsTest {
    private static final int MSS = 1000;
    private static final long MS = 1_000_000L;

    private static ConnectionOptions under(String profile, String cc) {
        return Profiles.get(profile).builder().congestionControl(cc).build();
    }

    private static CongestionControl make(String profile, String cc, long initialSegments) {
        CongestionControl a = under(profile, cc).congestionControlFactory.get();
        a.init(new CcInit(MSS, initialSegments * MSS, false, true, false, 0, 0));
        return a;
    }

    private static void ack(CongestionControl a, long bytes, long now) {
        a.onAck(new TestAck().set(now, bytes, 10 * MS, 10 * MS, a.cwndBytes(), a.cwndBytes() - bytes, false, 0, 0,
                true, CaState.OPEN, -1));
    }

    /** Every algorithm entry of every profile is a valid spec for its algorithm. */
    @Test
    void everyProfileSpecBuilds() {
        for (Profile p : Profiles.all()) {
            for (AlgorithmDefault d : p.algorithms()) {
                ConnectionOptions o = under(p.name(), d.algorithm());
                assertThat(o.congestionControl).isEqualTo(d.algorithm() + ":" + d.parameters());
                assertThat(o.congestionControlFactory.get().name()).isEqualTo(d.algorithm());
            }
        }
    }

    /** CUBIC v2.1: ssthresh = cwnd · 819/1024 after a loss (RFC 9438's 0.7 today). */
    @Test
    void linux2624CubicReducesToBeta819Over1024() {
        CongestionControl v21 = make("linux-2.6.24", "cubic", 1000);
        assertThat(v21.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 1000L * MSS, 0))
                .isEqualTo(1000L * MSS * 819 / 1024);
        CongestionControl today = make("today", "cubic", 1000);
        assertThat(today.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 1000L * MSS, 0))
                .isEqualTo(700L * MSS);
    }

    /** 2.6.24's slow start counts ACKs: an ACK of two segments (a delayed ACK) adds one. */
    @Test
    void linux2624CubicSlowStartCountsAcks() {
        CongestionControl v21 = make("linux-2.6.24", "cubic", 10);
        ack(v21, 2L * MSS, MS);
        assertThat(v21.cwndBytes()).isEqualTo(11L * MSS);
        CongestionControl today = make("today", "cubic", 10);
        ack(today, 2L * MSS, MS);
        assertThat(today.cwndBytes()).isEqualTo(12L * MSS);
    }

    /**
     * Scalable's legacy count: above 50 segments, one segment per 51 ACKs (snd_cwnd_cnt > 50),
     * whatever each ACK covers; today's is one per 100 acknowledged segments.
     */
    @Test
    void linux2624ScalableCountsFiftyAcks() {
        CongestionControl legacy = make("linux-2.6.24", "scalable", 200);
        legacy.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 200L * MSS, 0);
        assertThat(legacy.cwndBytes()).isEqualTo(175L * MSS);
        int acks = 0;
        while (legacy.cwndBytes() == 175L * MSS) {
            ack(legacy, 2L * MSS, MS * (acks + 1));
            acks++;
        }
        assertThat(acks).isEqualTo(51);

        CongestionControl today = make("today", "scalable", 200);
        today.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 200L * MSS, 0);
        acks = 0;
        while (today.cwndBytes() == 175L * MSS) {
            ack(today, 2L * MSS, MS * (acks + 1));
            acks++;
        }
        assertThat(acks).as("100 segments in ACKs of two").isEqualTo(50);
    }

    @Test
    void explicitParametersWinOverTheProfile() {
        assertThat(under("linux-2.6.24", "cubic:beta=0.7,hystart=on").congestionControl)
                .isEqualTo("cubic:beta=0.7,c=0.4,hystart=on,count=acks,friendly=linux");
        assertThat(under("linux-2.6.24", "fast:alpha=100").congestionControl).isEqualTo("fast:alpha=100");
    }
}
