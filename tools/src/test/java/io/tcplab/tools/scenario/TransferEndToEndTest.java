package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.LinkSchedule;
import org.junit.jupiter.api.Test;

/**
 * Issue 2's acceptance: 64 MiB through the emulator under each impairment, SHA-256 equal at both
 * ends. Each test also checks that the impairment really happened (retransmissions, RTOs), so a
 * link that silently stopped impairing would fail it.
 */
class TransferEndToEndTest {
    private static final long SIZE = Long.getLong("tcplab.e2e.bytes", 64L << 20);

    private static TransferResult run(TransferSpec spec) {
        TransferResult r = TransferRunner.run(spec, null);
        assertThat(r.complete()).as("transfer completed: %s", r).isTrue();
        assertThat(r.bytesReceived()).isEqualTo(SIZE);
        assertThat(r.sha256Received()).isEqualTo(r.sha256Sent());
        return r;
    }

    @Test
    void cleanPath() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> { }));
        assertThat(r.goodputBitsPerSec()).isGreaterThan(50e6);
    }

    @Test
    void twoPercentLoss() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setLossProbability(0.02)));
        assertThat(r.segmentsRetransmitted()).isGreaterThan(0);
        assertThat(r.fastRecoveries()).isGreaterThan(0);
    }

    @Test
    void fivePercentReordering() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setReorderProbability(0.05)));
        // reordering fooled fast retransmit, and Eifel/D-SACK found out (there was no loss at all)
        assertThat(r.fastRecoveries()).isPositive();
        assertThat(r.spuriousUndos()).isPositive();
    }

    @Test
    void onePercentDuplication() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setDuplicateProbability(0.01)));
        assertThat(r.drops()).containsKey("b.out_of_window"); // the receiver saw the copies and dropped them
    }

    @Test
    void corruptionIsCaughtByChecksums() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setCorruptProbability(0.001)));
        assertThat(r.drops()).containsKey("b.bad_tcp_checksum");
        assertThat(r.segmentsRetransmitted()).isGreaterThan(0);
    }

    @Test
    void everythingAtOnce() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setLossProbability(0.02).setReorderProbability(0.05)
                .setDuplicateProbability(0.01).setCorruptProbability(0.001)));
        assertThat(r.segmentsRetransmitted()).isGreaterThan(0);
    }

    @Test
    void delayJumpsToOneSecondAndBack() {
        // 20 ms RTT; the forward delay goes from 10 ms to 1 s one-way in the middle, then back
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> { },
                LinkSchedule.parse("delay=1s@2s,delay=10ms@3s"), -1));
        assertThat(r.simulatedSeconds()).isGreaterThan(3);
    }

    @Test
    void sequenceNumbersWrap() {
        TransferResult r = run(TransferSpecs.spec(SIZE, p -> p.setLossProbability(0.01), null, 0xFFFF_FF00L));
        assertThat(r.segmentsRetransmitted()).isGreaterThan(0);
    }
}
