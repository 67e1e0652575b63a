package io.tcplab.tools.cli;

import io.tcplab.stack.profile.Profile;
import io.tcplab.tools.packetdrill.Corpus;
import io.tcplab.tools.packetdrill.CorpusReport;
import io.tcplab.tools.packetdrill.LinuxCompatProfile;
import io.tcplab.tools.packetdrill.PacketdrillRunner;
import io.tcplab.tools.packetdrill.Result;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tcplab packetdrill PATH...}: runs packetdrill scripts against the stack on virtual time. */
@Command(name = "packetdrill", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs packetdrill scripts (files, or folders searched for *.pkt) against tcplab under a "
                + "profile with the scripts' host settings (common/defaults.sh), on virtual time. One line per script: "
                + "pass, fail (with the first mismatch) or skip (with the reason).",
                "Exit codes: 0 no unexpected failure, 1 a script failed (or one listed as failing under linux "
                        + "passed), 2 a bad option."})
public final class PacketdrillCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Script files or folders.")
    private List<Path> paths;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "linux", converter = Converters.ProfileName.class,
            description = "The profile the stack runs under (tcplab profile list). The default, linux, behaves as the "
                    + "kernel the scripts were written against; under another profile a failure that a linux switch "
                    + "explains names it (docs/packetdrill.md) (default: ${DEFAULT-VALUE}).")
    private Profile profile;

    @Option(names = "--sysctl", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "A Linux setting of the scripts' host (sysctl net.ipv4.*, e.g. net.ipv4.tcp_ecn=1; repeatable), "
                    + "applied after common/defaults.sh and before the script's own (docs/packetdrill.md lists the "
                    + "settings the runner knows and what each does to tcplab).")
    private Map<String, String> sysctls = new LinkedHashMap<>();

    @Option(names = "--json", description = "One JSON document with every result and the counts.")
    private boolean json;

    @Option(names = "--verbose", description = "Log each script line run and each packet the stack sent (stderr).")
    private boolean verbose;

    @Override
    public Integer call() throws Exception {
        Map<String, String> host = new LinkedHashMap<>();
        sysctls.forEach((k, v) -> host.put(LinuxCompatProfile.fullName(k), v));
        String refused = LinuxCompatProfile.check(host);
        if (refused != null) {
            boolean known = host.keySet().stream().allMatch(LinuxCompatProfile::knows);
            throw new ParameterException(command.commandLine(), "--sysctl: " + refused + (known
                    ? " (docs/packetdrill.md lists what each setting takes)"
                    : "; the runner knows " + LinuxCompatProfile.knownSettings()));
        }
        List<Result> results = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new ParameterException(command.commandLine(), "no such file or folder: " + p);
            }
            for (Path script : Corpus.scripts(p)) {
                PrintWriter err = command.commandLine().getErr();
                results.add(PacketdrillRunner.run(script, Corpus.nameOf(script), profile, host,
                        verbose ? err::println : line -> { }));
            }
        }
        PrintWriter out = command.commandLine().getOut();
        CorpusReport report = new CorpusReport(results, profile);
        if (json) {
            out.println(report.json());
        } else {
            report.printText(out);
        }
        out.flush();
        return report.bad() ? 1 : 0;
    }
}
