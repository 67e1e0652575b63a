package io.tcplab.stack.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --recovery} specs: a detector found by name through ServiceLoader, its parameters after a colon. */
class LossDetectorsTest {
    @Test
    void theStacksOwnDetectorsAreFoundByName() {
        assertThat(LossDetectors.names()).containsExactly("rack", "rfc6675", "teb");
        assertThat(LossDetectors.provider("TEB")).isInstanceOf(TebProvider.class);
        assertThat(ConnectionOptions.builder().build().recovery).isEqualTo("rack");
    }

    @Test
    void tebReadsItsThreeKeys() {
        assertThat(TebParameters.of("teb")).isEqualTo(TebParameters.DEFAULT)
                .isEqualTo(new TebParameters(2, 2, DoubleDropRule.EVIDENCE));
        TebParameters teb = TebParameters.of("teb:k=3,backoff=1.5,dd=timer");
        assertThat(teb).isEqualTo(new TebParameters(3, 1.5, DoubleDropRule.TIMER));
        assertThat(teb.spec()).isEqualTo("teb:k=3,backoff=1.5,dd=timer");
        assertThat(TebParameters.of(teb.spec())).isEqualTo(teb);
        assertThat(TebParameters.of("teb:dd=off").doubleDrop()).isEqualTo(DoubleDropRule.OFF);
        assertThat(ConnectionOptions.builder().recovery("TEB:k=3").build().recovery).isEqualTo("teb:k=3");
    }

    @Test
    void aBadKeyOrValueIsNamedWithWhatIsAllowed() {
        assertThatThrownBy(() -> LossDetectors.factory("teb:k=0.5"))
                .hasMessage("recovery parameter k of teb must be [1, 16], got '0.5'");
        assertThatThrownBy(() -> LossDetectors.factory("teb:dd=maybe"))
                .hasMessage("recovery parameter dd of teb must be one of evidence|timer|off, got 'maybe'");
        assertThatThrownBy(() -> LossDetectors.factory("teb:kk=2"))
                .hasMessageStartingWith("unknown recovery parameter 'kk' for teb; accepted: k=2 [1, 16], backoff=2 [1, 16], dd=evidence");
        assertThatThrownBy(() -> LossDetectors.factory("rfc6675:k=2"))
                .hasMessage("unknown recovery parameter 'k' for rfc6675 (it takes none)");
        assertThatThrownBy(() -> LossDetectors.factory("cubic"))
                .hasMessage("unknown recovery 'cubic' (allowed: rack, rfc6675, teb)");
        assertThatThrownBy(() -> ConnectionOptions.builder().recovery("rack:rtt=oldest").build())
                .hasMessage("recovery parameter rtt of rack must be one of newest|last, got 'oldest'");
    }

    @Test
    void aProfilesRackSettingsBecomeRacksParametersAndTheSpecWins() {
        assertThat(ConnectionOptions.builder().rackRtt(RackRtt.LAST).undoShowsReordering(true).build().recovery)
                .isEqualTo("rack:rtt=last,undo_reordering=on");
        assertThat(ConnectionOptions.builder().rackRtt(RackRtt.LAST).recovery("rack:rtt=newest").build().recovery)
                .isEqualTo("rack:rtt=newest");
        assertThat(ConnectionOptions.builder().rackRtt(RackRtt.LAST).recovery("rfc6675").build().recovery)
                .isEqualTo("rfc6675");
        assertThat(LossDetectors.withDefaults("Rack", Map.of())).isEqualTo("rack");
    }

    @Test
    void theHelpTextListsEveryDetectorWithItsParameters() {
        assertThat(LossDetectors.accepted()).isEqualTo("rack[:rtt=newest [newest|last], undo_reordering=off [on|off], "
                + "slack_us=0 [0, 1000000]], rfc6675, teb[:k=2 [1, 16], backoff=2 [1, 16], dd=evidence [evidence|timer|off]]");
    }
}
