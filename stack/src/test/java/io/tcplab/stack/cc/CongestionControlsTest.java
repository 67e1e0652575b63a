package io.tcplab.stack.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** The SPI's promises: name lookup with clear errors, parameters with ranges, injection as a factory. */
class CongestionControlsTest {

    /** A provider that is not on the class path, with one parameter. */
    static final class Scaled implements CongestionControlProvider {
        @Override
        public String name() {
            return "scaledreno";
        }

        @Override
        public CongestionControl create(CcParameters p) {
            p.getDouble("k", 0.5, 0.1, 0.9);
            p.getBoolean("fast", true);
            return new Reno();
        }
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> CongestionControls.create("nosuch"))
                .hasMessage("unknown congestion control 'nosuch'; available: " + String.join(", ", CongestionControls.names()))
                .hasMessageContaining("reno");
    }

    @Test
    void renoTakesOnlyItsCounting() {
        assertThatThrownBy(() -> CongestionControls.create("reno:beta=0.5"))
                .hasMessageContaining("unknown cc parameter 'beta' for reno; accepted: count=bytes [bytes|acks|segments]");
    }

    @Test
    void defaultsFillInWhatTheSpecLeavesOut() {
        java.util.Map<String, String> defaults = java.util.Map.of("cubic", "beta=0.8,hystart=off");
        assertThat(CongestionControls.withDefaults("cubic", defaults)).isEqualTo("cubic:beta=0.8,hystart=off");
        assertThat(CongestionControls.withDefaults("Cubic:hystart=on,c=0.5", defaults))
                .isEqualTo("cubic:beta=0.8,hystart=on,c=0.5");
        assertThat(CongestionControls.withDefaults("reno", defaults)).isEqualTo("reno");
    }

    @Test
    void badAndUnknownParametersNameKeysAndRanges() {
        Scaled p = new Scaled();
        assertThatThrownBy(() -> CongestionControls.factory(p, "k=2"))
                .hasMessage("cc parameter k of scaledreno must be [0.1, 0.9], got '2'");
        assertThatThrownBy(() -> CongestionControls.factory(p, "k=x"))
                .hasMessageContaining("must be [0.1, 0.9], got 'x'");
        assertThatThrownBy(() -> CongestionControls.factory(p, "z=1"))
                .hasMessage("unknown cc parameter 'z' for scaledreno; accepted: k=0.5 [0.1, 0.9], fast=on [on|off]");
        assertThatThrownBy(() -> CongestionControls.factory(p, "fast=maybe"))
                .hasMessageContaining("must be on or off");
        assertThat(CongestionControls.describeParameters(p)).isEqualTo("k=0.5 [0.1, 0.9], fast=on [on|off]");
    }

    @Test
    void aFactoryMakesAFreshInstanceEachTime() {
        var f = CongestionControls.factory(new Scaled(), "k=0.3");
        assertThat(f.get()).isNotSameAs(f.get());
    }

    @Test
    void connectionOptionsAcceptAnInjectedFactoryAndKeepTheNamePath() {
        ConnectionOptions injected = ConnectionOptions.builder().congestionControl(Reno::new).build();
        assertThat(injected.congestionControl).isEqualTo("reno");
        assertThat(injected.congestionControlFactory.get()).isInstanceOf(Reno.class);
        // toBuilder keeps the injected factory; a spec replaces it
        assertThat(injected.toBuilder().build().congestionControlFactory).isSameAs(injected.congestionControlFactory);
        ConnectionOptions named = injected.toBuilder().congestionControl("reno").build();
        assertThat(named.congestionControlFactory).isNotSameAs(injected.congestionControlFactory);
        assertThatThrownBy(() -> ConnectionOptions.builder().congestionControl("cubicc").build())
                .hasMessageStartingWith("unknown congestion control 'cubicc'");
    }
}
