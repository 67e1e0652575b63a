package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code --recovery} specs: a detector's name, and TEB's parameters after a colon. */
class RecoverySpecTest {
    @Test
    void aNameAloneTakesTheDefaults() {
        assertThat(RecoverySpec.parse("rack")).isEqualTo(new RecoverySpec(LossRecovery.RACK, TebParameters.DEFAULT));
        assertThat(RecoverySpec.parse("TEB")).isEqualTo(new RecoverySpec(LossRecovery.TEB, TebParameters.DEFAULT));
        assertThat(TebParameters.DEFAULT).isEqualTo(new TebParameters(2, 2, DoubleDropRule.EVIDENCE));
    }

    @Test
    void tebReadsItsThreeKeys() {
        RecoverySpec spec = RecoverySpec.parse("teb:k=3,backoff=1.5,dd=timer");
        assertThat(spec.teb()).isEqualTo(new TebParameters(3, 1.5, DoubleDropRule.TIMER));
        assertThat(spec.teb().spec()).isEqualTo("teb:k=3,backoff=1.5,dd=timer");
        assertThat(RecoverySpec.parse(spec.teb().spec())).isEqualTo(spec);
        assertThat(RecoverySpec.parse("teb:dd=off").teb().doubleDrop()).isEqualTo(DoubleDropRule.OFF);
    }

    @Test
    void aBadKeyOrValueIsNamedWithWhatIsAllowed() {
        assertThatThrownBy(() -> RecoverySpec.parse("teb:k=0.5"))
                .hasMessage("recovery parameter k of teb must be [1, 16], got '0.5'");
        assertThatThrownBy(() -> RecoverySpec.parse("teb:dd=maybe"))
                .hasMessage("recovery parameter dd of teb must be one of evidence|timer|off, got 'maybe'");
        assertThatThrownBy(() -> RecoverySpec.parse("teb:kk=2"))
                .hasMessageStartingWith("unknown recovery parameter 'kk' for teb; accepted: k=2 [1, 16], backoff=2 [1, 16], dd=evidence");
        assertThatThrownBy(() -> RecoverySpec.parse("rack:k=2"))
                .hasMessage("unknown recovery parameter 'k' for rack (it takes none)");
        assertThatThrownBy(() -> RecoverySpec.parse("cubic"))
                .hasMessage("unknown recovery 'cubic' (allowed: rack, rfc6675, teb)");
    }
}
