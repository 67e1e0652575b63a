package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line of {@code tcplab link}; nothing here creates devices or runs tc. */
class LinkCommandTest {
    private static Cli link(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "link";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.run(TransferCommand.DEFAULT_ENGINE, all);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--rate|fast|--rate must be a rate",
            "--rtt|-5ms|--rtt must be a duration",
            "--loss|2|--loss must be a probability",
            "--queue|0p|--queue must be a queue limit",
            "--mtu|70000|--mtu must be a whole number of bytes from 68 to 65535",
            "--at|delay=1s|--at must be link changes",
            "--at-reverse|nonsense=1@1s|--at-reverse must be link changes",
            "--duration|0|--duration must be a duration above 0",
            "--ecn-threshold|none|--ecn-threshold must be a queue size"})
    void badValueIsOneLineNamingTheOptionAndExit2(String option, String value, String message) {
        Cli r = link("--create-namespaces", option, value);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("tcplab link: " + message);
    }

    @Test
    void namespacesAreNeeded() {
        Cli r = link("--left-ns", "x");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("tcplab link: --left-ns and --right-ns are both needed (or --create-namespaces for a demo)\n");
        assertThat(link("--create-namespaces", "--left-ns", "x").exitCode()).isEqualTo(2);
        assertThat(link("--create-namespaces", "--dry-run").err()).contains("--dry-run needs --netem DEV");
    }

    @Test
    void netemDryRunPrintsTheTcCommands() {
        Cli r = link("--netem", "eth1", "--netem-ns", "lab", "--rtt", "50ms", "--rate", "100Mbit", "--queue", "100p",
                "--loss", "1%", "--at", "delay=200ms@1s,delay=10ms@2s", "--dry-run");
        assertThat(r.exitCode()).isEqualTo(0);
        assertThat(r.out()).isEqualTo(String.join("\n",
                "0.000s tc -n lab qdisc add dev eth1 root netem delay 25ms rate 100000000bit limit 100 loss random 1%",
                "1.000s tc -n lab qdisc change dev eth1 root netem delay 200ms rate 100000000bit limit 100 loss random 1%",
                "2.000s tc -n lab qdisc change dev eth1 root netem delay 10ms rate 100000000bit limit 100 loss random 1%",
                "end tc -n lab qdisc del dev eth1 root", ""));
    }

    @Test
    void netemRefusesWhatItCannotDo() {
        Cli r = link("--netem", "eth1", "--ecn-threshold", "20p", "--dry-run");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("tcplab link: --netem: netem has no ECN step marking (ecn threshold)\n");
        Cli aqm = link("--netem", "eth1", "--aqm", "fq_codel", "--dry-run");
        assertThat(aqm.exitCode()).isEqualTo(2);
        assertThat(aqm.err()).isEqualTo("tcplab link: --netem: netem has no AQM (fq_codel); the user-space link runs it\n");
    }
}
