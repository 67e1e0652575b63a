package io.tcplab.stack.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfilesTest {

    @Test
    void everyValueOfEveryProfileReachesTheOptions() {
        for (Profile p : Profiles.all()) {
            ConnectionOptions o = p.builder().build();
            assertThat(o.profile).isEqualTo(p.name());
            for (ProfileValue v : p.values()) {
                assertThat(v.key().read(o)).as("%s %s", p.name(), v.key().key()).isEqualTo(v.value());
                assertThat(v.source()).as("%s %s has a source", p.name(), v.key().key()).isNotBlank();
            }
            for (AlgorithmDefault a : p.algorithms()) {
                assertThat(o.algorithmDefaults).containsEntry(a.algorithm(), a.parameters());
                assertThat(a.source()).isNotBlank();
            }
        }
    }

    @Test
    void todayIsTheStackDefaults() {
        ConnectionOptions today = Profiles.get("today").builder().build();
        ConnectionOptions defaults = ConnectionOptions.defaults();
        for (ProfileKey k : ProfileKey.values()) {
            assertThat(k.read(today)).as(k.key()).isEqualTo(k.read(defaults));
        }
        assertThat(today.congestionControl).isEqualTo(defaults.congestionControl);
    }

    /** Hand-read values: a wrong table fails here, not only in a run. */
    @Test
    void linux2624HasItsKernelValues() {
        ConnectionOptions o = Profiles.get("linux-2.6.24").builder().build();
        assertThat(o.initialWindowSegments).isEqualTo(3);
        assertThat(o.minRtoNanos).isEqualTo(200_000_000L);
        assertThat(o.initialRtoNanos).isEqualTo(3_000_000_000L);
        assertThat(o.quickAckSegments).isEqualTo(16);
        assertThat(o.congestionControl).as("reno under the profile").isEqualTo("reno:count=acks");
    }

    @Test
    void linuxHasTodaysKernelValues() {
        ConnectionOptions o = Profiles.get("linux").builder().build();
        assertThat(o.initialWindowSegments).isEqualTo(10);
        assertThat(o.minRtoNanos).isEqualTo(200_000_000L);
        assertThat(o.initialRtoNanos).isEqualTo(1_000_000_000L);
        assertThat(o.maxRtoNanos).isEqualTo(120_000_000_000L);
        assertThat(o.delayedAckNanos).isEqualTo(40_000_000L);
        assertThat(o.quickAckSegments).isEqualTo(16);
        assertThat(o.congestionControl).as("reno under the profile").isEqualTo("reno:count=segments");
        assertThat(o.algorithmDefaults).containsEntry("cubic", "count=segments,friendly=linux,probe=linux");
    }

    @Test
    void ns3HasItsSocketDefaults() {
        ConnectionOptions o = Profiles.get("ns-3").builder().build();
        assertThat(o.mss).isEqualTo(536);
        assertThat(o.initialWindowSegments).isEqualTo(1);
        assertThat(o.delayedAckNanos).isEqualTo(200_000_000L);
    }

    @Test
    void explicitChoicesWinOverTheProfile() {
        ConnectionOptions o = Profiles.get("solaris-2.7").builder().sack(true).build();
        assertThat(o.sack).isTrue();
        ConnectionOptions reno = Profiles.get("linux-2.6.24").builder().congestionControl("reno:count=bytes").build();
        assertThat(reno.congestionControl).isEqualTo("reno:count=bytes");
    }

    @Test
    void aProfileKeepsItsDefaultsThroughToBuilder() {
        ConnectionOptions o = Profiles.get("linux-2.6.24").builder().build().toBuilder().congestionControl("reno").build();
        assertThat(o.congestionControl).isEqualTo("reno:count=acks");
        assertThat(o.profile).isEqualTo("linux-2.6.24");
    }

    @Test
    void unknownNameListsTheProfiles() {
        assertThatThrownBy(() -> Profiles.get("linux-9"))
                .hasMessage("unknown profile 'linux-9' (allowed: today, linux, linux-2.6.24, linux-2.4, solaris-2.7, ns-3)");
    }

    @Test
    void aKeySetTwiceIsRejected() {
        assertThatThrownBy(() -> new Profile("x", "", List.of(new ProfileValue(ProfileKey.SACK, "on", "a"),
                new ProfileValue(ProfileKey.SACK, "off", "b")), List.of())).hasMessageContaining("sack twice");
    }
}
