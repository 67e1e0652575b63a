package io.tcplab.tools.packetdrill;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code tcplab packetdrill} says of a set of script results under a profile: a line per
 * script with the known difference or the linux switch that explains a failure, the counts, or
 * all of it as one JSON document; and whether anything failed that was not expected to (or an
 * expected failure passed).
 */
public final class CorpusReport {
    private final List<Result> results;
    private final Profile profile;
    private final Map<Result.Status, Integer> counts = new EnumMap<>(Result.Status.class);
    private boolean bad;

    public CorpusReport(List<Result> results, Profile profile) {
        this.results = List.copyOf(results);
        this.profile = profile;
        for (Result r : results) {
            counts.merge(r.status(), 1, Integer::sum);
            boolean known = knownUnderLinux(r.script());
            bad |= r.status() == Result.Status.FAIL ? !known : known && r.status() == Result.Status.PASS;
        }
    }

    /** A script failed unexpectedly, or one listed as failing under linux passed. */
    public boolean bad() {
        return bad;
    }

    /** A line per script and one with the counts. */
    public void printText(PrintWriter out) {
        for (Result r : results) {
            out.println(r.summary() + explanation(r).map(why -> " (" + why + ")").orElse(""));
        }
        out.printf("%d scripts: %d pass, %d fail, %d skip%n", results.size(),
                counts.getOrDefault(Result.Status.PASS, 0), counts.getOrDefault(Result.Status.FAIL, 0),
                counts.getOrDefault(Result.Status.SKIP, 0));
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

    /** Every result and the counts, pretty-printed. */
    public String json() throws JsonProcessingException {
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
            if (!r.unchecked().isEmpty()) {
                r.unchecked().forEach(n.putArray("unchecked")::add);
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
