package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import org.junit.jupiter.api.Test;

/**
 * Delivery-rate samples as draft-cheng-iccrg-delivery-rate-estimation §3 and Linux tcp_rate.c
 * compute them, on a scoreboard and virtual time (issue 7 defect 6).
 */
class DeliveryRateTest {
    private static final long MS = 1_000_000L;
    private static final int MSS = 1000;
    private final Scoreboard sb = new Scoreboard();
    private final DeliveryRate rate = new DeliveryRate();
    private final AckResult out = new AckResult();
    private long outstanding; // SND.NXT − SND.UNA

    private void send(long seq, long now) {
        rate.onSend(now, outstanding);
        sb.onSend(seq, MSS, now, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(), rate.appLimited(), 0);
        outstanding += MSS;
    }

    private void ack(long una, long now) {
        out.clear();
        sb.onCumulativeAck(una, out);
        long newly = out.newlyAckedBytes;
        outstanding -= newly;
        rate.onAck(now, out, newly, 10 * MS);
    }

    /** 10 segments a round trip of 100 ms: once the pipe is full every sample reads 100 kB/s. */
    @Test
    void aSteadyFlowSamplesItsRate() {
        for (int i = 0; i < 10; i++) {
            send((long) i * MSS, i * 10 * MS); // one every 10 ms
        }
        for (int i = 0; i < 30; i++) {
            long now = 100 * MS + i * 10 * MS;
            ack((long) (i + 1) * MSS, now);
            send((long) (i + 10) * MSS, now);
            if (i >= 10) {
                assertThat(rate.sampleRate()).isEqualTo(100_000L);
            }
        }
    }

    /**
     * A retransmission is stamped with the delivery state when it left, not its original's, and it
     * does not start a new flight while data is outstanding, though none is in the pipe (Linux
     * tcp_rate_skb_sent tests packets_out). Ten segments leave at 0; the SACK at 100 ms delivers
     * nine (segment 0 lost); segment 0 goes again at 150 ms and is acknowledged at 250 ms. Its
     * sample: one segment over max(send 150 − 0, ACK 250 − 100) = 150 ms, 6,666 B/s — not 10 kB/s
     * over 100 ms as if the flight had begun again at 150 ms.
     */
    @Test
    void aRetransmissionStartsItsSampleWhenItLeft() {
        for (int i = 0; i < 10; i++) {
            send((long) i * MSS, 0);
        }
        out.clear();
        sb.onSackBlock(MSS, 10L * MSS, out); // 9 delivered at 100 ms; segment 0 lost
        rate.onAck(100 * MS, out, out.newlySackedBytes, 10 * MS);
        rate.onSend(150 * MS, 10L * MSS);
        sb.onRetransmit(0, 150 * MS, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(), false, 0);
        out.clear();
        sb.onCumulativeAck(10L * MSS, out);
        rate.onAck(250 * MS, out, out.newlyAckedBytes, 10 * MS);
        assertThat(out.newestDeliveredAtSend).isEqualTo(9L * MSS);
        // one segment delivered over the 150 ms: not 10 segments' worth, nor a new flight's 10 kB/s
        assertThat(rate.sampleRate()).isEqualTo(6_666L);
    }

    /** Sending below what the window allows marks the samples of what was sent then as app-limited. */
    @Test
    void appLimitedSamplesAreFlaggedUntilThatDataIsDelivered() {
        send(0, 0);
        rate.markAppLimited(outstanding);
        send(MSS, 0);
        ack(MSS, 100 * MS);
        assertThat(rate.sampleAppLimited()).isFalse(); // sent before the mark
        ack(2L * MSS, 110 * MS);
        assertThat(rate.sampleAppLimited()).isTrue();
        assertThat(rate.appLimited()).as("cleared once the marked flight is delivered").isFalse();
    }

    /** A sample over less than the minimum RTT (ACK compression) is no sample. */
    @Test
    void anIntervalShorterThanTheMinimumRttGivesNoSample() {
        send(0, 0);
        ack(MSS, 5 * MS);
        assertThat(rate.sampleRate()).isEqualTo(-1);
    }

    /**
     * draft-ietf-ccwg-bbr §4.1.2.2: each packet keeps C.inflight just after it left (P.tx_in_flight)
     * and the lost total then (P.lost); the ACK's sample reports the newest delivered packet's. By
     * hand: four 1000-byte segments leave with 1000, 2000, 3000 and 4000 bytes in flight; the
     * second is declared lost (lost total 1000, pipe 3000) and resent (pipe 4000, P.lost = 1000);
     * a SACK of the fourth then reports tx_in_flight 4000 and P.lost 0, so RS.lost = 1000 − 0; a
     * SACK of the resent one reports tx_in_flight 4000 and RS.lost 0.
     */
    @Test
    void eachPacketKeepsTheFlightItLeftInto() {
        long lostTotal = 0;
        for (int i = 0; i < 4; i++) {
            rate.onSend(i * MS, outstanding);
            sb.onSend((long) i * MSS, MSS, i * MS, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(),
                    false, lostTotal);
            outstanding += MSS;
        }
        assertThat(sb.markLost(MSS)).isTrue();
        lostTotal += MSS;
        sb.onRetransmit(MSS, 5 * MS, rate.delivered(), rate.deliveredTime(), rate.firstSentTime(), false, lostTotal);

        out.clear();
        sb.onSackBlock(3 * MSS, 4 * MSS, out);
        assertThat(out.newestTxInFlight).isEqualTo(4 * MSS);
        assertThat(lostTotal - out.newestLostAtSend).isEqualTo(MSS);

        out.clear();
        sb.onSackBlock(MSS, 2 * MSS, out); // the retransmission: sent last, after the loss
        assertThat(out.newestTxInFlight).isEqualTo(4 * MSS); // the first, third and fourth, and it
        assertThat(lostTotal - out.newestLostAtSend).isZero();
    }
}
