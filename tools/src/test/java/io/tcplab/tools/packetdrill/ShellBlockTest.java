package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shell blocks of scripts read as host settings, and what each setting does to the options. */
class ShellBlockTest {

    @Test
    void sysctlAndSetSysctlsFormsAreRead() {
        ShellBlock b = ShellBlock.parse("../common/defaults.sh\n"
                + "  ../common/set_sysctls.py /proc/sys/net/ipv4/tcp_slow_start_after_idle=1 \\\n"
                + "\t\t/proc/sys/net/ipv4/tcp_wmem=\"4096 50000 4194304\"\n"
                + "sysctl -q net.ipv4.tcp_early_retrans=3 net/ipv4/tcp_pacing_ss_ratio=200   # a comment\n"
                + "sysctl -e -q net.ipv4.tcp_notsent_lowat=4294967295 > /dev/null 2>&1\n"
                + "echo 3 > /sys/module/tcp_cubic/parameters/hystart_detect\n");
        assertThat(b.refusal()).isNull();
        assertThat(b.settings()).containsExactly(Map.entry("net.ipv4.tcp_slow_start_after_idle", "1"),
                Map.entry("net.ipv4.tcp_wmem", "4096 50000 4194304"), Map.entry("net.ipv4.tcp_early_retrans", "3"),
                Map.entry("net.ipv4.tcp_pacing_ss_ratio", "200"), Map.entry("net.ipv4.tcp_notsent_lowat", "4294967295"),
                Map.entry("tcp_cubic.hystart_detect", "3"));
    }

    @Test
    void shellArithmeticIsExpanded() {
        assertThat(ShellBlock.parse("sysctl -q net.ipv4.tcp_rmem=\"4096 540000 $((15*1024*1024))\"").settings())
                .containsEntry("net.ipv4.tcp_rmem", "4096 540000 15728640");
    }

    @Test
    void commandsWithoutEffectHereAreAccepted() {
        ShellBlock b = ShellBlock.parse("/tmp/sysctl_restore_${PPID}.sh\nethtool -K tun0 tso off gso off\n"
                + "tc qdisc add dev tun0 root pfifo\n");
        assertThat(b.refusal()).isNull();
        assertThat(b.settings()).isEmpty();
        assertThat(b.changesNothing()).isTrue();
    }

    /** Flushing the TCP metrics forgets the Fast Open cookies Linux keeps there. */
    @Test
    void aMetricsFlushIsRead() {
        ShellBlock b = ShellBlock.parse("ip tcp_metrics flush all > /dev/null 2>&1");
        assertThat(b.refusal()).isNull();
        assertThat(b.flushesMetrics()).isTrue();
        assertThat(b.changesNothing()).isFalse();
    }

    /**
     * nonblocking-sendto.pkt's block: upstream Linux has no tcp_fastopen_cookies, so its sysctl
     * fails and the flush after {@code ||} runs. A known setting before {@code ||} is refused.
     */
    @Test
    void theOtherSideOfOrRunsWhenTheSysctlIsNotLinuxs() {
        ShellBlock b = ShellBlock.parse("sysctl -q net.ipv4.tcp_timestamps=1\n"
                + "       sysctl -q net.ipv4.tcp_fastopen_cookies=0 net.ipv4.tcp_fastopen_cookies=10 &> /dev/null ||\\\n"
                + "       ip tcp_metrics flush all &> /dev/null");
        assertThat(b.refusal()).isNull();
        assertThat(b.settings()).containsExactly(Map.entry("net.ipv4.tcp_timestamps", "1"));
        assertThat(b.flushesMetrics()).isTrue();
        assertThat(ShellBlock.parse("sysctl -q net.ipv4.tcp_sack=0 || ip tcp_metrics flush all").refusal())
                .startsWith("shell command");
    }

    /** nstat reads the counters; piped to grep it needs one that changed, and only one the runner keeps. */
    @Test
    void nstatReadsTheCountersTheRunnerKeeps() {
        ShellBlock reset = ShellBlock.parse("nstat > /dev/null");
        assertThat(reset.refusal()).isNull();
        assertThat(reset.readsCounters()).isTrue();
        assertThat(reset.counterThatMustChange()).isNull();
        ShellBlock check = ShellBlock.parse("nstat | grep TcpExtOutOfWindowIcmps > /dev/null");
        assertThat(check.refusal()).isNull();
        assertThat(check.counterThatMustChange()).isEqualTo("TcpExtOutOfWindowIcmps");
        assertThat(ShellBlock.parse("nstat | grep TcpExtTCPFastOpenActive").refusal())
                .contains("the runner keeps no counter TcpExtTCPFastOpenActive");
    }

    @Test
    void otherCommandsAndSettingsAreRefusedByName() {
        assertThat(ShellBlock.parse("tc qdisc replace dev tun0 root fq").refusal())
                .isEqualTo("shell command `tc qdisc replace dev tun0 root fq`");
        assertThat(ShellBlock.parse("nstat -a | sort").refusal()).startsWith("shell command `nstat");
        assertThat(ShellBlock.parse("sysctl -q net.ipv4.tcp_mtu_probing=2").refusal())
                .isEqualTo("setting net.ipv4.tcp_mtu_probing=2 (tcplab has no packetization-layer path MTU discovery"
                        + " (RFC 4821))");
        assertThat(ShellBlock.parse("sysctl -q net.ipv4.tcp_thin_linear_timeouts=1").refusal())
                .isEqualTo("setting net.ipv4.tcp_thin_linear_timeouts is not one the runner knows");
        assertThat(ShellBlock.parse("sysctl -q net.ipv4.tcp_ecn").refusal()).startsWith("shell command");
    }

    @Test
    void defaultsShIsTheHostOfEveryScript() {
        ConnectionOptions o = LinuxCompatProfile.builder(Profiles.get(Profiles.LINUX),
                LinuxCompatProfile.host(Map.of(), Map.of())).build();
        assertThat(o.congestionControl).startsWith("cubic");
        assertThat(o.sack && o.timestamps && o.windowScale).isTrue();
        assertThat(o.ecn).isFalse();
        assertThat(o.receiveBufferBytes).isEqualTo(15 * 1024 * 1024);
        assertThat(o.sendBufferBytes).isEqualTo(256 * 1024);
        assertThat(o.slowStartAfterIdle).isFalse();
        assertThat(o.spurious).contains("frto");
    }

    @Test
    void theRunnersSettingsComeAfterDefaultsShAndTheScriptsAfterThem() {
        Map<String, String> host = LinuxCompatProfile.host(Map.of("net.ipv4.tcp_sack", "0", "net.ipv4.tcp_frto", "0"),
                Map.of("net.ipv4.tcp_frto", "2"));
        ConnectionOptions o = LinuxCompatProfile.builder(Profiles.get(Profiles.LINUX), host).build();
        assertThat(o.sack).isFalse();
        assertThat(o.spurious).contains("frto");
        o = LinuxCompatProfile.builder(Profiles.get(Profiles.LINUX),
                LinuxCompatProfile.host(Map.of("net.ipv4.tcp_frto", "0"), Map.of())).build();
        assertThat(o.spurious).doesNotContain("frto").isNotEmpty();
    }

    /** tcp_ecn=2 grants ECN to a peer that asks but never asks; tcp_syn_retries is the active side's, synack the passive's. */
    @Test
    void someSettingsDependOnWhetherTheSocketListens() {
        Map<String, String> host = LinuxCompatProfile.host(Map.of("net.ipv4.tcp_ecn", "2",
                "net.ipv4.tcp_syn_retries", "3", "net.ipv4.tcp_synack_retries", "7"), Map.of());
        for (boolean passive : new boolean[] {true, false}) {
            ConnectionOptions.Builder b = LinuxCompatProfile.builder(Profiles.get(Profiles.LINUX), host);
            LinuxCompatProfile.role(b, host, passive);
            ConnectionOptions o = b.build();
            assertThat(o.ecn).isEqualTo(passive);
            assertThat(o.synRetries).isEqualTo(passive ? 7 : 3);
        }
    }

    @Test
    void aCommandLineSettingIsCheckedByName() {
        assertThat(LinuxCompatProfile.check(Map.of("net.ipv4.tcp_sack", "1"))).isNull();
        assertThat(LinuxCompatProfile.check(Map.of("net.ipv4.tcp_sack", "yes")))
                .isEqualTo("setting net.ipv4.tcp_sack=yes (not 0, 1)");
        assertThat(LinuxCompatProfile.fullName("tcp_ecn")).isEqualTo("net.ipv4.tcp_ecn");
        assertThat(LinuxCompatProfile.check(Map.of("net.ipv4.tcp_congestion_control", "westwood")))
                .contains("tcplab has no algorithm named 'westwood'");
    }
}
