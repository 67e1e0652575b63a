package io.tcplab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.cc.CongestionSignal;
import org.junit.jupiter.api.Test;

/** DCTCP against RFC 8257 §3.3: α's EWMA with g = 1/16 and the α/2 reduction. */
class DctcpTest {
    private static final long MS = 1_000_000L;

    /** With a fraction F of bytes marked each window, α_n = F + (α_0 − F)(15/16)^n (to 1e-3). */
    @Test
    void alphaIsAnEwmaOfTheMarkedFraction() {
        SyntheticPath path = new SyntheticPath(new Dctcp(1.0 / 16, 1), 10 * MS, Double.POSITIVE_INFINITY, 40);
        path.markedFraction = 0.25;
        path.rounds(21); // the first round start sees no ACKs yet: 20 updates
        double expected = 0.25 + (1 - 0.25) * Math.pow(15.0 / 16, 20);
        assertThat(((Dctcp) path.cc).alpha()).isCloseTo(expected, within(1e-3));
    }

    @Test
    void ecnReducesByHalfOfAlphaAndLossHalves() {
        SyntheticPath path = new SyntheticPath(new Dctcp(1.0 / 16, 0.2), 10 * MS, Double.POSITIVE_INFINITY, 100);
        path.cc.ssthreshOnCongestion(CongestionSignal.ECN, 100_000, 0);
        assertThat(path.cc.cwndBytes()).isEqualTo(90_000); // 100·(1 − 0.2/2)
        path.cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 90_000, 0);
        assertThat(path.cc.cwndBytes()).isEqualTo(45_000);
        assertThat(path.cc.needsEcn()).isTrue();
        assertThat(path.cc.needsExactCeEcho()).as("RFC 8257 §3.2: its receiver must echo CE exactly").isTrue();
    }

    @Test
    void unmarkedWindowsDecayAlpha() {
        SyntheticPath path = new SyntheticPath(new Dctcp(1.0 / 16, 1), 10 * MS, Double.POSITIVE_INFINITY, 40);
        path.rounds(11);
        assertThat(((Dctcp) path.cc).alpha()).isCloseTo(Math.pow(15.0 / 16, 10), within(1e-9));
    }

    /**
     * With AccECN (RFC 9768) the marked bytes are the CE bytes the feedback reports, not the bytes
     * of ACKs that echoed congestion: every ACK below has ECE set, a quarter of its bytes marked,
     * so α_n = 0.25 + 0.75·(15/16)^n after n windows; read from ECE it would climb to 1.
     */
    @Test
    void withAccurateEcnAlphaFollowsTheReportedCeBytes() {
        Dctcp dctcp = new Dctcp(1.0 / 16, 1);
        dctcp.init(new io.tcplab.stack.cc.CcInit(1000, 10_000, true, true, false, 0, 0));
        TestAck ack = new TestAck();
        for (int round = 1; round <= 21; round++) {
            dctcp.onRoundStart(round, round * MS);
            for (int i = 0; i < 4; i++) {
                dctcp.onAck(ack.set(round * MS, 1000, MS, MS, 4000, 3000, true, 0, 0, false,
                        io.tcplab.stack.cc.CaState.OPEN, -1).accurateEcn(250));
            }
        }
        assertThat(dctcp.alpha()).isCloseTo(0.25 + 0.75 * Math.pow(15.0 / 16, 20), within(1e-9));
    }
}
