package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.emu.Network;
import io.tcplab.tools.link.Link;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class ScenarioNetworkTest {
    /**
     * The access links' jitter is the senders' random processing time: a flow's packets draw it
     * once each way, on the sender's access link, as real mode's one access bridge per sender
     * group gives it; the receivers' access links keep their delay exact.
     */
    @Test
    void accessJitterIsOnTheSendersAccessLinksOnly() {
        Scenario s = ScenarioParser.parse("""
                duration: 10s
                topology:
                  kind: dumbbell
                  bottleneck: {rate: 20Mbit, delay: 5ms, queue: 50KB}
                  access: {delay: 1ms, jitter: 600us}
                flows:
                  - {name: a, cc: reno, rtt: 20ms}
                  - {name: b, cc: reno, rtt: 21ms}
                """, "s.yaml");
        Network network = ScenarioNetwork.build(s, 1, false, new ArrayList<>());
        assertThat(network.links()).filteredOn(l -> l.params().jitterNanos() > 0).extracting(Link::name)
                .containsExactlyInAnyOrder("a-s->left", "left->a-s", "b-s->left", "left->b-s");
        assertThat(network.link("right->a-r").params().delayNanos()).isEqualTo(1_000_000);
        assertThat(network.link("right->a-r").params().jitterNanos()).isZero();
    }
}
