package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.wire.TcpHeader;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Attacks on {@code tcplab serve} behind a TUN device while a kernel client sends it 4 MiB: an
 * attacker in the kernel's namespace spoofs the client's four-tuple with a raw socket and injects
 * hundreds of RSTs, SYNs and data segments (docs/attacks.md). RFC 5961 says what the endpoint does
 * with each; every test asserts the transfer still completes with an equal SHA-256 and reads the
 * endpoint's counters (challenge ACKs, drops by reason) from serve's report.
 */
class AttackTest {
    private static final int SIZE = 4 << 20;
    private static final int TIMES = 400;
    /** StackConfig's default challenge ACK limit (RFC 5961 §7), per second per stack. */
    private static final int CHALLENGE_ACKS_PER_SECOND = 1000;
    private static final byte[] NO_DATA = new byte[0];

    private final SplittableRandom random = new SplittableRandom(5961);
    private UnderAttack.Site site;

    @BeforeEach
    void setUp() {
        site = UnderAttack.Site.open();
    }

    @AfterEach
    void tearDown() {
        if (site != null) {
            site.close();
        }
    }

    /** A sequence number inside the server's window but past anything the client has sent: never RCV.NXT. */
    private int inWindowNotExact(UnderAttack.Target t) {
        int from = t.watch().clientNext() + (64 << 10) + 1; // a client piece sent meanwhile still lies below it
        int room = t.windowEnd() - from;
        return room <= 1 ? from : from + random.nextInt(room - 1);
    }

    private static void pause() throws InterruptedException {
        Thread.sleep(2);
    }

    private void log(String what, UnderAttack.Outcome o) {
        System.out.printf("%s: %d injected in %.2f s; serve: %s, challenge ACKs %d, drops %s%n", what, o.injected(),
                o.attackNanos() / 1e9, o.report().get("complete"), o.challengeAcks(), o.report().path("stack")
                        .path("drops"));
    }

    @Test
    void blindAndInWindowResetsGetChallengeAcksAndTheTransferSurvives() throws Exception {
        UnderAttack.Outcome o = UnderAttack.run(site, SIZE, t -> {
            for (int i = 0; i < TIMES && t.stillRunning().getAsBoolean(); i++) {
                // blind: the attacker knows the four-tuple but not the sequence numbers (RFC 5961 §3.1)
                t.injector().send(TcpHeader.RST, random.nextInt(), 0, NO_DATA, null);
                // in the window but not RCV.NXT (§3.2): a challenge ACK, no reset
                t.injector().send(TcpHeader.RST | TcpHeader.ACK, inWindowNotExact(t), t.watch().serverNext(),
                        NO_DATA, null);
                pause();
            }
        });
        log("RSTs", o);
        UnderAttack.assertIntact(o, SIZE);
        assertThat(o.injected()).isEqualTo(2L * TIMES);
        // at most one per RST: a blind one lands in the 256 KiB window with probability 2^18 / 2^32 and draws one too
        assertThat(o.challengeAcks()).as("a challenge ACK for most in-window RSTs").isBetween(TIMES / 2L, 2L * TIMES);
        // no RST answers a RST; the one a late segment may draw after the connection closed (RFC 9293 §3.10.7.1)
        // is the only kind allowed
        assertThat(o.report().path("stack").path("resetsSent").asLong()).as("RSTs sent")
                .isLessThanOrEqualTo(o.drops("NO_CONNECTION"));
    }

    @Test
    void synOnTheEstablishedFourTupleGetsAChallengeAck() throws Exception {
        UnderAttack.Outcome o = UnderAttack.run(site, SIZE, t -> {
            for (int i = 0; i < TIMES && t.stillRunning().getAsBoolean(); i++) {
                t.injector().send(TcpHeader.SYN, inWindowNotExact(t), 0, NO_DATA, null); // RFC 5961 §4.2
                pause();
            }
        });
        log("SYNs", o);
        UnderAttack.assertIntact(o, SIZE);
        assertThat(o.injected()).isEqualTo(TIMES);
        assertThat(o.challengeAcks()).as("a challenge ACK for most SYNs").isBetween(TIMES / 2L, (long) TIMES);
    }

    @Test
    void injectedDataOutOfWindowOrWithAnUnacceptableAckIsDropped() throws Exception {
        byte[] junk = new byte[200];
        Arrays.fill(junk, (byte) 0xee); // had any of it been taken, the digest would differ
        UnderAttack.Outcome o = UnderAttack.run(site, SIZE, t -> {
            for (int i = 0; i < TIMES && t.stillRunning().getAsBoolean(); i++) {
                int una = t.watch().serverNext();
                int ack = TcpHeader.ACK;
                // beyond the window (RFC 9293 §3.10.7.4 first check): dropped with an ACK
                t.injector().send(ack, t.windowEnd() + (1 << 20) + random.nextInt(1 << 20), una, junk, null);
                // in the window, ACK far below SND.UNA - MAX.SND.WND (RFC 5961 §5.2): a challenge ACK
                t.injector().send(ack, inWindowNotExact(t), una - (1 << 30), junk, null);
                // in the window, ACK of data never sent (RFC 9293 §3.10.7.4 fifth check): dropped with an ACK
                t.injector().send(ack, inWindowNotExact(t), una + (1 << 20), junk, null);
                pause();
            }
        });
        log("data", o);
        UnderAttack.assertIntact(o, SIZE);
        assertThat(o.injected()).isEqualTo(3L * TIMES);
        assertThat(o.drops("OUT_OF_WINDOW")).as("out-of-window data").isGreaterThanOrEqualTo(TIMES);
        assertThat(o.drops("BAD_ACK")).as("data with unacceptable ACKs").isGreaterThanOrEqualTo(TIMES);
        assertThat(o.challengeAcks()).as("old ACKs").isBetween(TIMES / 2L, (long) TIMES);
    }

    @Test
    void aFloodOfInWindowResetsDrawsAtMostTheRateLimitOfChallengeAcks() throws Exception {
        int burst = 5 * CHALLENGE_ACKS_PER_SECOND;
        UnderAttack.Outcome o = UnderAttack.run(site, SIZE, t -> {
            int sent = 0;
            while (sent < burst && t.stillRunning().getAsBoolean()) {
                if (t.injector().send(TcpHeader.RST, inWindowNotExact(t), 0, NO_DATA, null)) {
                    sent++;
                } else {
                    Thread.onSpinWait(); // the TUN queue is full: the endpoint is behind
                }
            }
        });
        log("RST flood", o);
        UnderAttack.assertIntact(o, SIZE);
        long windows = (long) Math.ceil(o.attackNanos() / 1e9) + 1;
        assertThat(o.challengeAcks()).as("RFC 5961 §7: at most %d per second over %.3f s",
                CHALLENGE_ACKS_PER_SECOND, o.attackNanos() / 1e9)
                .isPositive().isLessThanOrEqualTo(windows * CHALLENGE_ACKS_PER_SECOND).isLessThan(o.injected());
    }

    @Test
    void aOneByteOutOfOrderFloodIsBoundedByTheWindowAndTheRangeBudget() throws Exception {
        // serve's 256 KiB buffer keeps at most 256 KiB / 64 B = 4096 out-of-order ranges (ReceiveBuffer.rangeBudget)
        int perRound = 8000;
        UnderAttack.Outcome o = UnderAttack.run(site, SIZE, t -> {
            for (int round = 0; round < 10 && t.stillRunning().getAsBoolean(); round++) {
                // at the top of the window, as far from the client's data as the window allows: the paced client
                // (and faster with TUN offloads) must not fill the gaps and merge the ranges before the round ends
                int base = Math.max(t.watch().clientNext() + (96 << 10), t.windowEnd() - 2 * perRound) + 1;
                for (int i = 0; i < perRound; i++) {
                    int seq = base + 2 * i; // a gap after every byte: each one is a range of its own
                    if (seq - t.windowEnd() >= 0) {
                        break;
                    }
                    // the byte the client will send there, so that whichever copy the endpoint keeps is right
                    long offset = Integer.toUnsignedLong(seq - (int) t.watch().clientIsn() - 1);
                    byte[] one = {offset < t.data().length ? t.data()[(int) offset] : 0};
                    t.injector().send(TcpHeader.ACK, seq, t.watch().serverNext(), one, null);
                }
                Thread.sleep(100);
            }
        });
        log("one-byte flood", o);
        UnderAttack.assertIntact(o, SIZE);
        assertThat(o.drops("OUT_OF_ORDER_RANGE_LIMIT")).as("bytes past the range budget, counted by reason")
                .isPositive();
    }
}
