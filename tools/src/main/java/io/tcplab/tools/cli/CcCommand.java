package io.tcplab.tools.cli;

import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.tools.cccheck.CcChecks;
import io.tcplab.tools.cccheck.CheckRow;
import io.tcplab.tools.cccheck.CheckTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tcplab cc list} and {@code tcplab cc check}: the algorithms, and proof that each matches its model. */
@Command(name = "cc", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Congestion-control algorithms: list them, or check them against their published models.",
        subcommands = {CcCommand.ListCommand.class, CcCommand.CheckCommand.class})
public final class CcCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "One line per algorithm: name, parameters with defaults and ranges, source.")
    static final class ListCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            for (CongestionControlProvider p : CongestionControls.all()) {
                String params = CongestionControls.describeParameters(p);
                out.printf("%-10s %s  [%s]%n", p.name(), params.isEmpty() ? "(no parameters)" : params, p.source());
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Runs algorithms in the emulator against their published models; one row per case. "
                    + "Exit 1 if any case fails.")
    static final class CheckCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME", arity = "0..*", description = "Algorithms to check (default: all that have checks).")
        List<String> names = new ArrayList<>();

        @Option(names = "--json", description = "One JSON object per row instead of the table.")
        boolean json;

        @Option(names = "--plot", paramLabel = "DIR", description = "Also write PNGs of the measured cwnd after one "
                + "loss against the model (cubic, highspeed) into DIR.")
        java.nio.file.Path plotDir;

        @Override
        public Integer call() {
            Set<String> only = new LinkedHashSet<>();
            for (String n : names) {
                String name = n.toLowerCase(Locale.ROOT);
                if (!CcChecks.algorithms().contains(name)) {
                    spec.commandLine().getErr().println("tcplab cc check: no checks for '" + n + "'; checked: "
                            + String.join(", ", CcChecks.algorithms()));
                    return 2;
                }
                only.add(name);
            }
            CheckTable table = new CheckTable(spec.commandLine().getOut(), json);
            boolean allPass = true;
            for (CheckRow row : CcChecks.run(only)) {
                allPass &= row.pass();
                table.print(row);
            }
            if (plotDir != null) {
                try {
                    for (java.nio.file.Path png : io.tcplab.tools.cccheck.ShapePlots.write(plotDir)) {
                        spec.commandLine().getErr().println("wrote " + png);
                    }
                } catch (java.io.IOException e) {
                    spec.commandLine().getErr().println("tcplab cc check: cannot write the plots: " + e.getMessage());
                    return 1;
                }
            }
            return allPass ? 0 : 1;
        }
    }
}
