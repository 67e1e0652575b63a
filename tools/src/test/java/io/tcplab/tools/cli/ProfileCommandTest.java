package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.experiment.ScenarioTemplate;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tcplab profile list/show, and --profile on transfer, run and the experiments. */
class ProfileCommandTest {
    private static final String ALLOWED = "one of today, linux, linux-2.6.24, linux-2.4, solaris-2.7, ns-3";
    private static final String SMALL = """
            duration: 5s
            warmup: 1s
            topology: {kind: dumbbell, bottleneck: {rate: 10Mbit, delay: 5ms, queue: 50p}}
            flows: [{name: a, cc: cubic, rtt: 20ms}, {name: b, rtt: 20ms, profile: ns-3}]
            """;

    @Test
    void listNamesEveryProfile() {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "profile", "list");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().lines().map(l -> l.split(" +")[0]).toList())
                .containsExactly("today", "linux", "linux-2.6.24", "linux-2.4", "solaris-2.7", "ns-3");
    }

    @Test
    void showPrintsEachValueBesideTodaysWithItsSource() {
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "profile", "show", "ns-3");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).containsPattern("mss +536 +\\(today 1460\\)  ns-3 tcp-socket.cc TcpSocket SegmentSize = 536")
                .containsPattern("initial_window +1 +\\(today 10\\)")
                .contains("cc reno");
    }

    @Test
    void anUnknownProfileIsOneLineNamingTheProfilesWithExitCode2() {
        for (String[] args : List.of(new String[] {"profile", "show", "bsd"},
                new String[] {"transfer", "--profile", "bsd"},
                new String[] {"run", "--profile", "bsd", "x.yaml"},
                new String[] {"experiment", "friendliness", "--profile", "bsd"},
                new String[] {"experiment", "ecn", "--profile", "bsd"},
                new String[] {"experiment", "delay-spike", "--profile", "bsd"})) {
            Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, args);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.errLines()).as(String.join(" ", args)).hasSize(1);
            assertThat(r.err()).contains(ALLOWED + ", got 'bsd'");
        }
    }

    @Test
    void transferTakesTheProfileAndItsOwnFlagsWin() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(64L << 20));
        assertThat(Cli.run(engine, "transfer", "--profile", "solaris-2.7", "--cc", "reno").exitCode()).isZero();
        assertThat(engine.spec.options().profile).isEqualTo("solaris-2.7");
        assertThat(engine.spec.options().sack).as("the profile's sack off").isFalse();
        assertThat(engine.spec.options().initialWindowSegments).isEqualTo(2);

        assertThat(Cli.run(engine, "transfer", "--profile", "linux-2.6.24", "--cc", "cubic:hystart=on",
                "--no-timestamps").exitCode()).isZero();
        assertThat(engine.spec.options().congestionControl).isEqualTo("cubic:beta=0.7998046875,c=0.4,hystart=on,count=acks,friendly=linux");
        assertThat(engine.spec.options().timestamps).isFalse();
        assertThat(engine.spec.options().sack).isTrue();
    }

    /** A run's --profile goes to the flows that name none; a flow's own profile: stays. */
    @Test
    void aDefaultProfileFillsOnlyFlowsWithoutOne(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), SMALL);
        Scenario s = ScenarioTemplate.file(file).defaultProfile("linux-2.6.24").scenario();
        assertThat(s.flows()).extracting(f -> f.options().profile).containsExactly("linux-2.6.24", "ns-3");
        assertThat(ScenarioTemplate.file(file).defaultProfile("today").text(""))
                .isEqualTo(ScenarioTemplate.file(file).text(""));
    }

    /** The experiment's --profile is in every job's scenario, so a job runs what the direct run would. */
    @Test
    void anExperimentsProfileReachesEveryJobsFlows(@TempDir Path dir) throws IOException {
        Path jobs = dir.resolve("sweep");
        Cli r = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--protocols", "cubic",
                "--rtts", "16", "--runs", "1", "--duration", "10s", "--profile", "linux-2.6.24",
                "--emit-jobs", jobs.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<Path> files;
        try (Stream<Path> s = Files.list(jobs.resolve("jobs"))) {
            files = s.toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            Scenario s = ScenarioParser.parse(f);
            for (FlowSpec flow : s.flows()) {
                assertThat(flow.options().profile).as(flow.name()).isEqualTo("linux-2.6.24");
            }
            assertThat(s.flows()).filteredOn(flow -> flow.options().congestionControl.startsWith("cubic"))
                    .isNotEmpty()
                    .allSatisfy(flow -> assertThat(flow.options().congestionControl).contains("beta=0.7998046875"));
        }
    }
}
