package io.tcplab.stack.conn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import org.junit.jupiter.api.Test;

/** ConnectionOptions written as text and read back: every field, every profile, and what is refused. */
class OptionsTextTest {
    private static void assertRoundTrip(ConnectionOptions options) {
        String text = OptionsText.format(options);
        ConnectionOptions back = OptionsText.parse(text);
        assertThat(OptionsText.format(back)).isEqualTo(text);
        assertThat(back.congestionControl).isEqualTo(options.congestionControl);
        assertThat(back.recovery).isEqualTo(options.recovery);
        assertThat(back.spurious).isEqualTo(options.spurious);
        assertThat(back.algorithmDefaults).isEqualTo(options.algorithmDefaults);
    }

    @Test
    void everyProfileComesBackAsItWas() {
        for (Profile profile : Profiles.all()) {
            assertRoundTrip(profile.builder().build());
        }
    }

    @Test
    void changedFieldsComeBackChanged() {
        ConnectionOptions options = ConnectionOptions.builder()
                .congestionControl("reno").recovery("teb:k=3,dd=timer").spurious("frto,eifel")
                .sack(false).ecn(true).mss(1200).keepAlive(7_000_000_000L, 1_000_000_000L, 3)
                .prrBound(PrrBound.LINUX).exactCeEcho(ExactCeEcho.ON).pacing(true).minRtoNanos(200_000_000L)
                .algorithmDefaults("reno", "").build();
        String text = OptionsText.format(options);
        assertThat(text).contains("cc=reno", "recovery=teb:k=3",
                "spurious=frto,eifel", "sack=false", "mss=1200", "keepAlive=7000000000,1000000000,3",
                "prrBound=LINUX", "exactCeEcho=ON", "minRtoNanos=200000000");
        assertRoundTrip(options);
        assertThat(OptionsText.parse(OptionsText.format(ConnectionOptions.builder().spurious("off").build())).spurious)
                .isEmpty();
    }

    /** Fast Open's switches and a listener's key, each in the text and back. */
    @Test
    void fastOpenComesBackAsItWas() {
        FastOpen f = FastOpen.OFF.withClient(true).withClientWithoutCookie(true).withServerQueue(16)
                .withServerWithoutCookie(true).withKey(java.util.HexFormat.of().parseHex("f763bfa0813d80ed301d64cd904abcce"));
        ConnectionOptions options = ConnectionOptions.builder().fastOpen(f).build();
        String text = OptionsText.format(options);
        assertThat(text).contains(
                "fastOpen=client,client-nocookie,server=16,server-nocookie,key=f763bfa0813d80ed301d64cd904abcce");
        assertRoundTrip(options);
        assertThat(OptionsText.parse(text).fastOpen).isEqualTo(f);
        assertThat(OptionsText.format(ConnectionOptions.defaults())).contains("fastOpen=off");
    }

    @Test
    void aBadFastOpenEntryNamesTheAllowedValues() {
        String text = OptionsText.format(ConnectionOptions.defaults());
        assertThatThrownBy(() -> OptionsText.parse(text.replace("fastOpen=off", "fastOpen=server=0")))
                .hasMessageContaining("server=0").hasMessageContaining("client-nocookie");
        assertThatThrownBy(() -> OptionsText.parse(text.replace("fastOpen=off", "fastOpen=key=12")))
                .hasMessageContaining("key=12");
        assertThatThrownBy(() -> FastOpen.parse("sever=3")).hasMessageContaining("sever=3");
    }

    @Test
    void aBadEntryIsRefusedByName() {
        String text = OptionsText.format(ConnectionOptions.defaults());
        assertThatThrownBy(() -> OptionsText.parse(text.replace("mss=1460", "mss=lots")))
                .hasMessageContaining("mss=lots");
        assertThatThrownBy(() -> OptionsText.parse(text.replace("sack=true", "sack=yes")))
                .hasMessageContaining("sack").hasMessageContaining("true or false");
        assertThatThrownBy(() -> OptionsText.parse(text + ";colour=blue")).hasMessageContaining("colour");
        assertThatThrownBy(() -> OptionsText.parse(text.replace("nagle=true;", ""))).hasMessageContaining("nagle");
    }

    @Test
    void anAlgorithmHandedInAsAnObjectHasNoText() {
        ConnectionOptions injected = ConnectionOptions.builder()
                .congestionControl(() -> io.tcplab.stack.cc.CongestionControls.factory("reno").get()).build();
        assertThatThrownBy(() -> OptionsText.format(injected)).hasMessageContaining("by spec");
    }
}
