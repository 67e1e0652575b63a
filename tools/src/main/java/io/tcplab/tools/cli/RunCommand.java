package io.tcplab.tools.cli;

import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tools.report.run.RunFiles;
import io.tcplab.tools.report.run.RunPlots;
import io.tcplab.tools.report.run.RunTable;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.MultiFlowRunner;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.scenario.ScenarioParser;
import io.tcplab.tools.scenario.ScenarioResult;
import io.tcplab.tools.scenario.real.RealPlan;
import io.tcplab.tools.scenario.real.RealScale;
import io.tcplab.tools.scenario.real.RealScenarioRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab run SCENARIO.yaml}: every seed of a scenario file on the emulator, reported. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Runs a scenario file (docs/scenarios.md) on the emulator, once per seed in its runs, and "
                + "prints each flow's goodput after the warm-up and each topology link's utilization and drops.",
                "With --real: in real time through network namespaces, tcplab flows on TUN devices and stack: kernel "
                        + "flows on kernel sockets, every link the user-space link emulator, scaled to --max-rate "
                        + "(needs root).",
                "Exit codes: 0 success, 1 a run failed, 2 a bad scenario file or option."})
public final class RunCommand implements Callable<Integer> {
    /** Without --duration, a real run lasts at most this long (it takes that much wall time per seed). */
    static final long REAL_DURATION_CAP_NANOS = 60_000_000_000L;
    /** What two shared cores carry through user-space TUN and link threads with room to spare. */
    static final long DEFAULT_MAX_RATE = 100_000_000L;

    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "SCENARIO", description = "the scenario file (YAML)")
    private Path file;

    @Option(names = "--json", description = "print the summary of every run as JSON instead of tables")
    private boolean json;

    @Option(names = "--csv", paramLabel = "DIR", description = "write each run's series to DIR/seed-N/*.csv")
    private Path csvDir;

    @Option(names = "--plots", paramLabel = "DIR", description = "write the file's plots (throughput, cwnd, queue) to DIR/seed-N/*.png")
    private Path plotDir;

    @Option(names = "--duration", paramLabel = "DURATION", description = "override the file's duration (e.g. 60s)")
    private String duration;

    @Option(names = "--seed", paramLabel = "N", description = "run this seed only, instead of the file's runs")
    private Long seed;

    @Option(names = "--profile", paramLabel = "NAME", converter = Converters.ProfileName.class,
            description = "era profile for every flow the file gives none (tcplab profile list)")
    private io.tcplab.stack.profile.Profile profile;

    @Option(names = "--no-progress", description = "never show the progress bar")
    private boolean noProgress;

    @Option(names = "--real", description = "run in real time through network namespaces (docs/scenarios.md, Real mode)")
    private boolean real;

    @Option(names = "--max-rate", paramLabel = "RATE", description = "with --real: scale rates and queues so that "
            + "no link is faster than this (default: 100Mbit)")
    private String maxRate;

    @Mixin
    private ReportOption report;

    @Mixin
    private RecordDir record = new RecordDir();

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = command.commandLine().getErr();
        Scenario scenario;
        RealPlan plan = null;
        PrintWriter out = command.commandLine().getOut();
        try {
            long rate = rateOption();
            scenario = profile == null ? ScenarioParser.parse(file)
                    : io.tcplab.tools.experiment.ScenarioTemplate.file(file).defaultProfile(profile.name()).scenario();
            if (duration != null) {
                scenario = scenario.withDuration(Units.parseDurationNanos(duration));
            }
            if (real) {
                RealScale scale = RealScale.of(scenario, rate, duration == null ? REAL_DURATION_CAP_NANOS : 0);
                scenario = scale.scaled();
                plan = RealPlan.of(scenario, file.getFileName().toString(), RealPath.kernelAlgorithms());
                PrintWriter notes = json ? err : out;
                notes.println(scale.line());
                if (!plan.leftOut().isEmpty()) {
                    notes.println("real mode: left out " + String.join(", ", plan.leftOut()));
                }
                notes.flush();
            }
        } catch (ScenarioException | IllegalArgumentException e) {
            return Messages.badOption(command, e.getMessage());
        }
        if (!real && record.target() != null) {
            throw new ParameterException(command.commandLine(), "--record needs --real (an emulated run is "
                    + "reproduced by its seed)");
        }
        record.check(command.commandLine());
        report.check(command);
        List<Long> seeds = seed != null ? List.of(seed) : scenario.seeds();
        List<ScenarioResult> results = new ArrayList<>();
        try (RunProgress progress = new RunProgress(real ? "running" : "simulating",
                seeds.size() * scenario.durationNanos(), System.err, !noProgress)) {
            for (long s : seeds) {
                ScenarioResult r;
                if (plan != null) {
                    List<String> notes = new ArrayList<>();
                    Recordings recordings = record.recordings(command, "seed-" + s,
                            "tcplab run --real " + file + ", seed " + s);
                    try {
                        r = RealScenarioRunner.run(scenario, plan, s, progress::at, notes, recordings);
                    } catch (AbException e) {
                        return Messages.failed(command, e.getMessage());
                    } finally {
                        Messages.recorded(command, recordings);
                    }
                    notes.forEach((json ? err : out)::println);
                } else {
                    r = MultiFlowRunner.run(scenario, s, progress::at);
                }
                progress.runDone(scenario.durationNanos());
                results.add(r);
                if (!json) {
                    RunTable.print(scenario, r, out, plan != null);
                    out.println();
                }
                List<String> topologyLinks = scenario.topology().links().stream().map(LinkSpec::name).toList();
                if (csvDir != null) {
                    RunFiles.csv(r, csvDir);
                }
                if (plotDir != null) {
                    RunPlots.write(r, scenario.plots(), topologyLinks, plotDir);
                }
                if (report.wanted()) {
                    RunFiles.csv(r, report.dir);
                    RunPlots.write(r, scenario.plots(), topologyLinks, report.dir);
                }
            }
        }
        if (json) {
            RunFiles.json(results, out);
        }
        out.flush();
        if (report.wanted()) {
            try (PrintWriter file = new PrintWriter(Files.newBufferedWriter(report.dir.resolve("run.json")))) {
                RunFiles.json(results, file);
            }
            report.finish(command, seeds.stream().map(String::valueOf).collect(Collectors.joining(", ")),
                    profile == null ? null : profile.name(), json);
        }
        return 0;
    }

    /** --max-rate as bit/s: a rate above 0; only with --real. */
    private long rateOption() {
        if (maxRate == null) {
            return DEFAULT_MAX_RATE;
        }
        if (!real) {
            throw new IllegalArgumentException("--max-rate: only with --real");
        }
        long rate;
        try {
            rate = Units.parseRateBitsPerSec(maxRate);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--max-rate: " + e.getMessage());
        }
        if (rate <= 0) {
            throw new IllegalArgumentException("--max-rate: must be above 0 (e.g. 100Mbit), not '" + maxRate + "'");
        }
        return rate;
    }
}
