package io.tcplab.tools.cli;

import io.tcplab.tun.Leftovers;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tcplab cleanup}: removes what runs killed with SIGKILL left in the kernel (see {@link Leftovers}). */
@Command(name = "cleanup", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Removes the network namespaces (with the processes and devices in them) and the nftables "
                + "tables of --publish that tcplab runs killed with SIGKILL left behind: those whose names carry "
                + "the pid of a process that is gone. Anything of a live tcplab process, and anything not named "
                + "by tcplab, is left alone.",
                "Needs root. Exit codes: 0 nothing left (or --dry-run), 1 something could not be removed."})
public final class CleanupCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Option(names = "--dry-run", description = "List what would be removed; remove nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        PrintWriter out = command.commandLine().getOut();
        PrintWriter err = command.commandLine().getErr();
        String name = command.qualifiedName();
        NamespaceHosts.Availability a = NamespaceHosts.available(); // root and ip netns, as the runs that left things had
        if (!a.ok()) {
            err.println(name + ": " + a.reason());
            return 1;
        }
        List<Leftovers.Leftover> found = Leftovers.find();
        int failed = 0;
        int removable = 0;
        for (Leftovers.Leftover l : found) {
            if (l.kind() == Leftovers.Kind.UNOWNED) {
                out.println("not touched: " + l.describe());
                continue;
            }
            removable++;
            if (dryRun) {
                out.println("would remove " + l.describe());
                continue;
            }
            try {
                Leftovers.remove(l);
                out.println("removed " + l.describe());
            } catch (TunException e) {
                err.println(name + ": " + Messages.strip(e));
                failed++;
            }
        }
        if (removable == 0) {
            out.println("nothing left behind");
        }
        out.flush();
        return failed == 0 ? 0 : 1;
    }
}
