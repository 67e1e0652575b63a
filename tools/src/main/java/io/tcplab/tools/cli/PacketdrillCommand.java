package io.tcplab.tools.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
        description = {"Runs packetdrill scripts (files, or folders searched for *.pkt) against tcplab with the "
                + "linux-compat profile, on virtual time. One line per script: pass, fail (with the first mismatch) "
                + "or skip (with the reason).",
                "Exit codes: 0 no unexpected failure, 1 a script failed (or an expected failure passed), 2 a bad option."})
public final class PacketdrillCommand implements Callable<Integer> {
    @Spec
    private CommandSpec command;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Script files or folders.")
    private List<Path> paths;

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
                results.add(PacketdrillRunner.run(script, Corpus.nameOf(script), verbose ? err::println : line -> { }));
            }
        }
        PrintWriter out = command.commandLine().getOut();
        Map<Result.Status, Integer> counts = new EnumMap<>(Result.Status.class);
        boolean bad = false;
        for (Result r : results) {
            counts.merge(r.status(), 1, Integer::sum);
            Optional<String> expected = ExpectedFailures.reason(r.script());
            bad |= r.status() == Result.Status.FAIL ? expected.isEmpty() : expected.isPresent() && r.status() == Result.Status.PASS;
        }
        if (json) {
            out.println(toJson(results, counts));
        } else {
            for (Result r : results) {
                Optional<String> expected = ExpectedFailures.reason(r.script());
                String note = expected.map(why -> r.status() == Result.Status.FAIL ? " (expected failure: " + why + ")"
                        : " (listed as an expected failure, but it " + r.status().name().toLowerCase() + "ed)").orElse("");
                out.println(r.summary() + note);
            }
            out.printf("%d scripts: %d pass, %d fail, %d skip%n", results.size(),
                    counts.getOrDefault(Result.Status.PASS, 0), counts.getOrDefault(Result.Status.FAIL, 0),
                    counts.getOrDefault(Result.Status.SKIP, 0));
        }
        out.flush();
        return bad ? 1 : 0;
    }

    private static String toJson(List<Result> results, Map<Result.Status, Integer> counts) throws Exception {
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
            ExpectedFailures.reason(r.script()).ifPresent(why -> n.put("expectedFailure", why));
        }
        ObjectNode c = root.putObject("counts");
        for (Result.Status s : Result.Status.values()) {
            c.put(s.name().toLowerCase(), counts.getOrDefault(s, 0));
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }
}
