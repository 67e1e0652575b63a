package io.tcplab.tools.cli;

import io.tcplab.tools.analyze.Analysis;
import io.tcplab.tools.analyze.AnalysisCsv;
import io.tcplab.tools.analyze.AnalysisJson;
import io.tcplab.tools.analyze.AnalysisOptions;
import io.tcplab.tools.analyze.AnalysisTable;
import io.tcplab.tools.analyze.Analyzer;
import io.tcplab.tools.analyze.CaptureException;
import io.tcplab.tools.analyze.TimeSequencePlot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab analyze CAPTURE}: per-flow TCP analysis of a pcap or pcapng file (docs/analyze.md). */
@Command(name = "analyze", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Reads a pcap or pcapng capture (link types Ethernet, Linux cooked SLL/SLL2, raw IP; IPv4 "
                + "and IPv6) and reports per TCP flow: bytes, duration, goodput, retransmissions, out-of-order and "
                + "lost segments, RTT from SEQ/ACK and from timestamps, the receive window and SACK blocks. "
                + "Definitions and how they compare with tshark: docs/analyze.md.",
                "Exit codes: 0 success, 2 a bad option or a file that is not a capture tcplab can read."})
public final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "CAPTURE", description = "a pcap or pcapng file")
    private Path capture;

    @Option(names = "--json", description = "Print one JSON object (the capture, then one object per flow) instead of the table.")
    private boolean json;

    @Option(names = "--csv", paramLabel = "DIR", description = "Also write each flow's series as CSV into DIR.")
    private Path csv;

    @Option(names = "--plot", paramLabel = "DIR", description = "Also write a time-sequence graph PNG per data direction into DIR.")
    private Path plot;

    @Option(names = "--from", paramLabel = "TIME", converter = Converters.CaptureTime.class,
            description = "Analyze and plot only from this time since the capture's first packet (plain seconds or a duration).")
    private Long from;

    @Option(names = "--to", paramLabel = "TIME", converter = Converters.CaptureTime.class,
            description = "... and only up to this time (default: the end).")
    private Long to;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "100ms", converter = Converters.Interval.class,
            description = "Goodput bin width of the CSV series (default: ${DEFAULT-VALUE}).")
    private long interval;

    @Option(names = "--flow", paramLabel = "N", converter = Converters.Count.class,
            description = "Only flow N (flows are numbered by their first packet, from 1).")
    private Integer flow;

    @Override
    public Integer call() throws IOException {
        if (from != null && to != null && to < from) {
            return Messages.badOption(command, "--to must not be before --from");
        }
        Analysis analysis;
        try {
            analysis = Analyzer.analyze(capture, new AnalysisOptions(from == null ? -1 : from, to == null ? -1 : to,
                    interval, flow == null ? 0 : flow));
        } catch (CaptureException e) {
            return Messages.badOption(command, e.getMessage());
        }
        PrintWriter out = command.commandLine().getOut();
        if (json) {
            AnalysisJson.print(analysis, out);
        } else {
            AnalysisTable.print(analysis, out);
        }
        if (csv != null) {
            AnalysisCsv.write(analysis, csv);
        }
        if (plot != null) {
            TimeSequencePlot.write(analysis, plot);
        }
        return 0;
    }
}
