package io.tcplab.stack.spurious;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.loss.AckResult;
import org.junit.jupiter.api.Test;

/** Eifel (RFC 3522), D-SACK (RFC 3708) and F-RTO (RFC 5682) worked by hand, each on its own. */
class SpuriousDetectorsTest {
    private static final int MSS = 1000;

    /** The sender as F-RTO reads it, set by each test. */
    private static final class Sender implements SpuriousContext {
        long una;
        long nxt;
        boolean timeoutRecovery;
        boolean canSendNew = true;

        @Override
        public long sndUna() {
            return una;
        }

        @Override
        public long sndNxt() {
            return nxt;
        }

        @Override
        public boolean inTimeoutRecovery() {
            return timeoutRecovery;
        }

        @Override
        public boolean canSendNewData() {
            return canSendNew;
        }
    }

    private final SentRetransmission sent = new SentRetransmission();
    private final SpuriousVerdict verdict = new SpuriousVerdict();

    private void retransmit(SpuriousLossDetector d, long seq, long tsVal, boolean onlyOne) {
        d.onRetransmit(sent.seq(seq).length(MSS).tsVal(tsVal).onlyOneOutstanding(onlyOne));
    }

    /** The cause {@code d} finds on an ACK, or null. */
    private UndoCause ack(SpuriousLossDetector d, boolean advanced, long tsEcho, AckResult changes) {
        verdict.reset();
        d.onAck(new AckEvidence().advanced(advanced).tsEcho(tsEcho).changes(changes), verdict);
        return verdict.spuriousCause();
    }

    private static AckResult dsack(long left, long right) {
        AckResult r = new AckResult();
        r.dsack = true;
        r.dsackLeft = left;
        r.dsackRight = right;
        return r;
    }

    private UndoCause dsackAck(SpuriousLossDetector d, long left) {
        return ack(d, false, AckEvidence.NO_ECHO, dsack(left, left + MSS));
    }

    // ---------------------------------------------------------------- D-SACK

    /** An episode of 10,000 retransmissions (far past the first 16 ranges) is still undone, in any order. */
    @Test
    void dsacksOfEveryRetransmissionOfALargeEpisodeUndoIt() {
        DsackDetection d = new DsackDetection();
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            retransmit(d, (long) i * 2 * MSS, SentRetransmission.NO_TIMESTAMP, i == 0); // every other segment
        }
        for (int i = n - 1; i > 0; i--) {
            assertThat(dsackAck(d, (long) i * 2 * MSS)).isNull();
        }
        assertThat(dsackAck(d, 0)).isEqualTo(UndoCause.SPURIOUS_RETRANSMIT);
    }

    /** A duplicate the network made, or one reported twice, is not a needless retransmission. */
    @Test
    void dsacksOutsideTheRetransmissionsOrRepeatedDoNotCount() {
        DsackDetection d = new DsackDetection();
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        retransmit(d, 0, SentRetransmission.NO_TIMESTAMP, true);
        retransmit(d, 5 * MSS, SentRetransmission.NO_TIMESTAMP, false);
        assertThat(dsackAck(d, 2 * MSS)).isNull();
        assertThat(dsackAck(d, 0)).isNull();
        assertThat(dsackAck(d, 0)).isNull();
        assertThat(dsackAck(d, 5 * MSS)).isEqualTo(UndoCause.SPURIOUS_RETRANSMIT);
    }

    // ---------------------------------------------------------------- Eifel

    /** RFC 3522 §3.2: the first ACK that advances SND.UNA decides, by its TSecr against the retransmission's TSval. */
    @Test
    void eifelDecidesOnTheFirstAcceptableAck() {
        Eifel d = new Eifel();
        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        retransmit(d, 0, 500, true);
        retransmit(d, MSS, 510, false);
        assertThat(ack(d, false, 400, new AckResult())).as("not acceptable: SND.UNA did not move").isNull();
        assertThat(ack(d, true, 400, new AckResult())).isEqualTo(UndoCause.SPURIOUS_RTO);
        assertThat(verdict.originalFilledTheHoleSeen()).isTrue();

        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        retransmit(d, 0, 500, true);
        assertThat(ack(d, true, 500, new AckResult())).as("echoes the retransmission").isNull();
        assertThat(ack(d, true, 400, new AckResult())).as("only the first acceptable ACK decides").isNull();
    }

    /**
     * A new episode while an earlier retransmission is still outstanding: the ACK that moves SND.UNA
     * echoes that older retransmission (it filled the left edge), not an original. Compared with
     * the new episode's own first retransmission it would look spurious; compared with the oldest
     * outstanding one (Linux's retrans_stamp) it does not.
     */
    @Test
    void eifelComparesWithTheOldestRetransmissionStillOutstanding() {
        Eifel d = new Eifel();
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT);
        retransmit(d, 0, 500, true);
        d.onEpisodeStart(UndoCause.SPURIOUS_RETRANSMIT); // the first episode ended; 0's resend is still out
        retransmit(d, 20 * MSS, 600, false);
        assertThat(ack(d, true, 500, new AckResult())).isNull();
    }

    /** §3.2 step 5: an ACK carrying a D-SACK is D-SACK detection's to judge; without timestamps Eifel never fires. */
    @Test
    void eifelLeavesDsacksAloneAndNeedsTimestamps() {
        Eifel d = new Eifel();
        d.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        retransmit(d, 0, 500, true);
        assertThat(ack(d, true, 400, dsack(0, MSS))).isNull();

        Eifel noTs = new Eifel();
        noTs.onEpisodeStart(UndoCause.SPURIOUS_RTO);
        retransmit(noTs, 0, SentRetransmission.NO_TIMESTAMP, true);
        assertThat(ack(noTs, true, AckEvidence.NO_ECHO, new AckResult())).isNull();
    }

    // ---------------------------------------------------------------- F-RTO

    /** §2: resend only the first segment; two ACKs that advance SND.UNA, new data sent between, make the timeout spurious. */
    @Test
    void frtoFindsATimeoutSpuriousWhenTwoAcksAdvanceWithNewDataBetween() {
        Sender s = new Sender();
        Frto d = new Frto(s);
        s.una = 0;
        s.nxt = 10 * MSS;
        verdict.reset();
        d.onTimeout(verdict);
        assertThat(verdict.resendFirstOnlyAsked()).as("step 1").isTrue();
        s.timeoutRecovery = true;

        s.una = MSS;
        assertThat(ack(d, true, AckEvidence.NO_ECHO, new AckResult())).isNull();
        assertThat(verdict.newSegmentsAsked()).as("step 2b").isEqualTo(2);
        s.una = 2 * MSS;
        assertThat(ack(d, true, AckEvidence.NO_ECHO, new AckResult())).as("step 3b").isEqualTo(UndoCause.SPURIOUS_RTO);
    }

    /** §2 steps 2a and 3a: a duplicate ACK, or nothing new to send, means the timeout was real. */
    @Test
    void frtoFallsBackToConventionalRecovery() {
        Sender s = new Sender();
        Frto d = new Frto(s);
        s.nxt = 10 * MSS;
        verdict.reset();
        d.onTimeout(verdict);
        s.timeoutRecovery = true;
        ack(d, false, AckEvidence.NO_ECHO, new AckResult());
        assertThat(verdict.conventionalRecoveryAsked()).as("2a: a duplicate ACK").isTrue();

        verdict.reset();
        d.onTimeout(verdict);
        assertThat(verdict.resendFirstOnlyAsked()).as("a timeout in a recovery F-RTO gave up on").isFalse();

        Frto nothingToSend = new Frto(s);
        s.timeoutRecovery = false;
        verdict.reset();
        nothingToSend.onTimeout(verdict);
        s.timeoutRecovery = true;
        s.canSendNew = false;
        s.una = MSS;
        ack(nothingToSend, true, AckEvidence.NO_ECHO, new AckResult());
        assertThat(verdict.conventionalRecoveryAsked()).as("2a: no new data to send").isTrue();
    }

    // ---------------------------------------------------------------- specs

    @Test
    void specsNameDetectorsInOrderAndRefuseUnknownOnesInOneLine() {
        assertThat(SpuriousLossDetectors.names()).contains("eifel", "dsack", "frto");
        assertThat(SpuriousLossDetectors.split("frto,eifel")).containsExactly("frto", "eifel");
        assertThat(SpuriousLossDetectors.split("off")).isEmpty();
        assertThatThrownBy(() -> SpuriousLossDetectors.split("eifel,bogus"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bogus").hasMessageContaining("off, dsack, eifel, frto").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> SpuriousLossDetectors.split("eifel,eifel"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
        assertThatThrownBy(() -> SpuriousLossDetectors.split("eifel:k=2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("k");
    }
}
