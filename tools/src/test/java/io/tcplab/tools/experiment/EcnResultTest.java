package io.tcplab.tools.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment's check: ECN flows that repair losses that never happened. */
class EcnResultTest {
    private static EcnResult.GroupRate group(String name, boolean ecn, long retransmissions, long tlps, long rtos) {
        return new EcnResult.GroupRate(name, 10, "10 streams", "r0->r2", 14.0, ecn,
                new EcnResult.GroupCounts(100, retransmissions, tlps, rtos, 50.0));
    }

    private static EcnResult run(long losses, EcnResult.GroupRate... groups) {
        return new EcnResult(EcnSetup.ECN, 1, 60, 10, List.of(groups), 42.0, List.of(), losses, 1.0);
    }

    @Test
    void withNothingLostAnEcnGroupMayResendOnlyItsTailLossProbes() {
        assertThat(run(0, group("ecn", true, 3, 3, 0), group("plain", false, 900, 0, 12)).repairsWithoutLoss()).isEmpty();
        assertThat(run(0, group("ecn", true, 4, 3, 0)).repairsWithoutLoss()).extracting(EcnResult.GroupRate::group)
                .containsExactly("ecn");
        assertThat(run(0, group("ecn", true, 0, 0, 1)).repairsWithoutLoss()).hasSize(1);
    }

    @Test
    void aLossAnywhereExplainsRetransmissions() {
        assertThat(run(1, group("ecn", true, 40, 0, 2)).repairsWithoutLoss()).isEmpty();
    }
}
