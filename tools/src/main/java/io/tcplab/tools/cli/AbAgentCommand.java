package io.tcplab.tools.cli;

import io.tcplab.tools.ab.AbAgent;
import io.tcplab.tools.realhost.StopSignal;
import io.tcplab.tun.Namespace;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab ab-agent}: host B's side of {@code ab --remote}, kernel TCP receivers on request. */
@Command(name = "ab-agent", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Waits on --port for tcplab ab --remote from another host and receives its runs with the "
                + "kernel's TCP: for each, a fresh listener that counts and hashes the bytes up to the FIN and "
                + "samples the count every interval. A line per run on stdout. Runs until --runs or SIGINT/SIGTERM. "
                + "See docs/ab.md.",
                "Exit codes: 0 success, 1 the agent could not listen, 2 a bad option."})
public final class AbAgentCommand implements Callable<Integer> {
    private static final long POLL_NANOS = 20_000_000;

    @Spec
    private CommandSpec command;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "5300", converter = Converters.Port.class,
            description = "Control port to listen on, all addresses (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--netns", paramLabel = "NS",
            description = "Listen inside this network namespace (default: this process's).")
    private String netns;

    @Option(names = "--runs", paramLabel = "N", converter = Converters.Count.class,
            description = "Stop after N runs have been received (default: run until stopped).")
    private Integer runs;

    @Override
    public Integer call() {
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        String name = command.qualifiedName();
        try (StopSignal stop = new StopSignal("tcplab-ab-agent-stop");
             AbAgent agent = AbAgent.start(Namespace.of(netns), port, out)) {
            err.println(name + ": listening on port " + agent.port() + (netns != null ? " in network namespace "
                    + netns : ""));
            err.flush();
            while (!stop.await(POLL_NANOS) && (runs == null || agent.runs() < runs)) {
                // the agent's own thread serves; this one waits for the end
            }
            return 0;
        } catch (TunException e) {
            err.println(name + ": " + Messages.strip(e));
            return 1;
        }
    }
}
