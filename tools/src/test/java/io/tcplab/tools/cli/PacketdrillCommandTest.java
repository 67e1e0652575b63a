package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tcplab packetdrill: --sysctl applied to the scripts' host, and a bad one refused in one line. */
class PacketdrillCommandTest {
    /** A passive open whose SYN-ACK offers no SACK: only right with tcp_sack=0. */
    private static final String NO_SACK = String.join("\n",
            "0     socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
            "+0    bind(3, ..., ...) = 0",
            "+0    listen(3, 5) = 0",
            "+0    < S 0:0(0) win 20000 <mss 1200,sackOK,nop,nop,nop,wscale 6>",
            "+0    > S. 0:0(0) ack 1 <mss 1460,nop,wscale 8>",
            "");

    @Test
    void aSysctlFromTheCommandLineReachesTheStack(@TempDir Path dir) throws IOException {
        Path script = Files.writeString(dir.resolve("no-sack.pkt"), NO_SACK);
        Cli without = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", script.toString());
        assertThat(without.exitCode()).isEqualTo(1);
        Cli with = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", "--sysctl", "net.ipv4.tcp_sack=0",
                script.toString());
        assertThat(with.exitCode()).as(with.out()).isZero();
        assertThat(with.out()).startsWith("pass " + script);
        Cli shortName = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", "--sysctl", "tcp_sack=0",
                script.toString());
        assertThat(shortName.exitCode()).isZero();
    }

    @Test
    void aSysctlTheRunnerCannotHonourIsOneLineWithExitCode2(@TempDir Path dir) throws IOException {
        Path script = Files.writeString(dir.resolve("no-sack.pkt"), NO_SACK);
        Cli value = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", "--sysctl", "net.ipv4.tcp_sack=yes",
                script.toString());
        assertThat(value.exitCode()).isEqualTo(2);
        assertThat(value.errLines()[0]).isEqualTo("tcplab packetdrill: --sysctl: setting net.ipv4.tcp_sack=yes"
                + " (not 0, 1) (docs/packetdrill.md lists what each setting takes)");
        Cli unhonoured = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", "--sysctl", "net.ipv4.tcp_mtu_probing=1",
                script.toString());
        assertThat(unhonoured.exitCode()).isEqualTo(2);
        assertThat(unhonoured.errLines()[0]).contains("tcp_mtu_probing=1 (tcplab has no packetization-layer path MTU");
        Cli unknown = Cli.run(TransferCommand.DEFAULT_ENGINE, "packetdrill", "--sysctl", "net.ipv4.tcp_colour=1",
                script.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.errLines()[0]).startsWith("tcplab packetdrill: --sysctl: setting net.ipv4.tcp_colour is not"
                + " one the runner knows; the runner knows net.ipv4.tcp_timestamps, ");
    }
}
