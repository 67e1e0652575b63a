package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.recovery.DetectorContext;
import io.tcplab.stack.recovery.LossDetector;
import io.tcplab.stack.recovery.LossDetectorProvider;
import io.tcplab.stack.recovery.LossVerdict;
import org.junit.jupiter.api.Test;

/**
 * A researcher's own loss detector, written against the public SPI only (package
 * io.tcplab.stack.recovery) and handed to the options without the class path: every segment
 * still unacknowledged {@code after} ms after it left is lost. The connection must retransmit on
 * the detector's own deadline, long before the RFC 6298 timer (1 s), and count one recovery.
 */
class OwnLossDetectorScriptTest {
    private static final int MSS = 1448;

    /** Lost {@code after} ms after it left, nothing else. */
    static final class FixedAge implements LossDetector {
        private final DetectorContext sender;
        private final long ageNanos;
        private long deadline = NONE;

        FixedAge(DetectorContext sender, long ageNanos) {
            this.sender = sender;
            this.ageNanos = ageNanos;
        }

        @Override
        public String name() {
            return "fixed-age";
        }

        @Override
        public CongestionSignal signal() {
            return CongestionSignal.TIMER_LOSS;
        }

        @Override
        public void onAck(long now, AckResult ack, LossVerdict verdict) {
            scan(now, verdict);
        }

        @Override
        public void onSent(long now, boolean newData) {
            if (deadline == NONE) {
                deadline = now + ageNanos;
            }
        }

        @Override
        public long deadline() {
            return deadline;
        }

        @Override
        public void onTimer(long now, LossVerdict verdict) {
            scan(now, verdict);
        }

        private void scan(long now, LossVerdict verdict) {
            long youngest = verdict.lostSentBefore(now - ageNanos, false);
            deadline = youngest < 0 ? NONE : youngest + ageNanos;
        }
    }

    static final class FixedAgeProvider implements LossDetectorProvider {
        @Override
        public String name() {
            return "fixed-age";
        }

        @Override
        public Factory configure(CcParameters p) {
            long after = p.getLong("after", 50, 1, 10_000);
            return context -> new FixedAge(context, after * 1_000_000L);
        }
    }

    @Test
    void theConnectionRetransmitsOnItsOwnDetectorsDeadline() {
        ConnectionOptions options = ConnectionOptions.builder().recovery(new FixedAgeProvider(), "after=30").build();
        assertThat(options.recovery).isEqualTo("fixed-age:after=30");
        ScriptedPeer p = new ScriptedPeer(options);
        p.acceptFrom(fullSyn(), 100);
        p.write(2 * MSS);
        p.expect(seg(".").seq(1).len(MSS).at(100));
        p.expect(seg("P.").seq(1 + MSS).len(MSS).at(100));
        p.advanceTo(110);
        p.in(seg(".").seq(1).ack(1).sack(1 + MSS, 1 + 2 * MSS)); // the second arrived, the first did not
        p.expectNothing();
        p.advanceTo(129);
        p.expectNothing();
        p.advanceTo(130); // 30 ms after it left: lost by the detector, not by RACK or the RTO
        p.expect(seg(".").seq(1).len(MSS).at(130));
        p.expectNothing();
        assertThat(p.connection().info().fastRecoveries()).isEqualTo(1);
        assertThat(p.connection().info().rtoCount()).isZero();
    }
}
