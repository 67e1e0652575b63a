package io.tcplab.tools.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import io.tcplab.tools.packetdrill.Corpus;
import io.tcplab.tools.packetdrill.ExpectedFailures;
import io.tcplab.tools.packetdrill.PacketdrillRunner;
import io.tcplab.tools.packetdrill.Result;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    @Option(names = "--json", description = "One JSON document with every result and the counts.")
    private boolean json;

    @Option(names = "--verbose", description = "Log each script line run and each packet the stack sent (stderr).")
    private boolean verbose;

    @Override
    public Integer call() throws Exception {
        List<Result> results = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new ParameterException(command.commandLine(), "no such file or folder: " + p);
            }
            for (Path script : Corpus.scripts(p)) {
                PrintWriter err = command.commandLine().getErr();
                results.add(PacketdrillRunner.run(script, Corpus.nameOf(script), profile, verbose ? err::println : line -> { }));
            }
        }
        PrintWriter out = command.commandLine().getOut();
        Map<Result.Status, Integer> counts = new EnumMap<>(Result.Status.class);
        boolean bad = false;
        for (Result r : results) {
            counts.merge(r.status(), 1, Integer::sum);
            boolean known = knownUnderLinux(r.script());
            bad |= r.status() == Result.Status.FAIL ? !known : known && r.status() == Result.Status.PASS;
        }
        if (json) {
            out.println(toJson(results, counts));
        } else {
            for (Result r : results) {
                out.println(r.summary() + explanation(r).map(why -> " (" + why + ")").orElse(""));
            }
            out.printf("%d scripts: %d pass, %d fail, %d skip%n", results.size(),
                    counts.getOrDefault(Result.Status.PASS, 0), counts.getOrDefault(Result.Status.FAIL, 0),
                    counts.getOrDefault(Result.Status.SKIP, 0));
        }
        out.flush();
        return bad ? 1 : 0;
    }

    /** Under linux, a script listed as still failing there ({@link ExpectedFailures#underLinux()}). */
    private boolean knownUnderLinux(String script) {
        return profile.name().equals(Profiles.LINUX) && ExpectedFailures.underLinux(script).isPresent();
    }

    /**
     * For a failure: under linux, the known difference; under a profile that sets the linux switch
     * the script needs otherwise, that switch and why. A listed script that passed says so.
     */
    private Optional<String> explanation(Result r) {
        if (knownUnderLinux(r.script())) {
            String why = ExpectedFailures.underLinux(r.script()).get().reason();
            return Optional.of(r.status() == Result.Status.FAIL ? "expected failure: " + why
                    : "listed as still failing under linux, but it " + r.status().name().toLowerCase() + "ed");
        }
        return r.status() == Result.Status.FAIL ? ExpectedFailures.explain(r.script(), profile) : Optional.empty();
    }

    private String toJson(List<Result> results, Map<Result.Status, Integer> counts) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        ArrayNode list = root.putArray("results");
        for (Result r : results) {
            ObjectNode n = list.addObject();
            n.put("script", r.script());
            n.put("status", r.status().name().toLowerCase());
            if (r.reason() != null) {
                n.put("reason", r.reason());
            }
            if (r.line() > 0) {
                n.put("line", r.line());
            }
            if (r.status() == Result.Status.FAIL) {
                n.put("expected", r.expected());
                n.put("actual", r.actual());
            }
            explanation(r).ifPresent(why -> n.put("rfcChoice", why));
        }
        ObjectNode c = root.putObject("counts");
        for (Result.Status s : Result.Status.values()) {
            c.put(s.name().toLowerCase(), counts.getOrDefault(s, 0));
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }
}
