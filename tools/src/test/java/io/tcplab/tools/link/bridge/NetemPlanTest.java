package io.tcplab.tools.link.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetemPlanTest {
    private static String line(NetemPlan.Step s) {
        return String.join(" ", s.argv());
    }

    @Test
    void settingsBecomeOneAddAndScheduleOneFullChangePerTime() {
        LinkParams p = LinkParams.parse("rate=100Mbit,delay=25ms,queue=150KB,loss=1%,duplicate=0.5%,corrupt=0.01,reorder=2%");
        List<NetemPlan.Step> steps = NetemPlan.plan("tc", null, "eth1", 1500, p,
                LinkSchedule.parse("delay=1s@10s,loss=0@10s,delay=50ms@11s"));
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).atNanos()).isZero();
        assertThat(line(steps.get(0))).isEqualTo("tc qdisc add dev eth1 root netem delay 25ms rate 100000000bit "
                + "limit 100 loss random 1% duplicate 0.5% corrupt 1% reorder 2%");
        assertThat(steps.get(1).atNanos()).isEqualTo(10_000_000_000L);
        assertThat(line(steps.get(1))).isEqualTo("tc qdisc change dev eth1 root netem delay 1000ms"
                + " rate 100000000bit limit 100 duplicate 0.5% corrupt 1% reorder 2%");
        assertThat(line(steps.get(2))).isEqualTo("tc qdisc change dev eth1 root netem delay 50ms rate 100000000bit "
                + "limit 100 duplicate 0.5% corrupt 1% reorder 2%");
        assertThat(p.delayNanos()).isEqualTo(25_000_000L); // the caller's settings are left alone
        assertThat(String.join(" ", NetemPlan.delete("tc", "ns1", "eth1"))).isEqualTo("tc -n ns1 qdisc del dev eth1 root");
    }

    @Test
    void namespaceUnitsAndLimits() {
        List<NetemPlan.Step> steps = NetemPlan.plan("/usr/sbin/tc", "tcplab-x-left", "tl0", 9000,
                LinkParams.parse("delay=1500us,queue=10000B"), LinkSchedule.parse("delay=0@0s,queue=none@2s,delay=1234567ns@3s"));
        assertThat(line(steps.get(0))).isEqualTo("/usr/sbin/tc -n tcplab-x-left qdisc add dev tl0 root netem delay 0ms limit 2");
        assertThat(line(steps.get(1))).endsWith("netem delay 0ms limit 1000000");
        assertThat(line(steps.get(2))).endsWith("netem delay 1235us limit 1000000");
        assertThat(steps).hasSize(3);
    }

    @Test
    void whatNetemCannotDoIsRefusedByName() {
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("ecn=20p"), new LinkSchedule(List.of())))
                .hasMessageContaining("ECN");
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("loss-every=10"), new LinkSchedule(List.of())))
                .hasMessageContaining("loss-every");
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("reorder=1%"), new LinkSchedule(List.of())))
                .hasMessageContaining("delay");
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("delay=5ms,jitter=1ms"),
                new LinkSchedule(List.of()))).hasMessageContaining("jitter");
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("delay=5ms"),
                LinkSchedule.parse("ecn=5p@1s"))).hasMessageContaining("ECN");
        assertThatThrownBy(() -> NetemPlan.plan("tc", null, "d", 1500, LinkParams.parse("delay=5ms"),
                LinkSchedule.parse("stall=1s@1s"))).hasMessageContaining("stall");
    }

    @Test
    void recognisesTheMissingModule() {
        assertThat(NetemRunner.missingNetem("Error: Specified qdisc kind is unknown.")).isTrue();
        assertThat(NetemRunner.missingNetem("Cannot find device \"eth9\"")).isFalse();
    }
}
