package io.tcplab.tools.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.scenario.ScenarioParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * An experiment's scenario file as an editable YAML tree: an experiment reads its template (the
 * copy of {@code scenarios/NAME.yaml} in the jar, or a user's file), changes a few fields per cell
 * (a flow's algorithm, every RTT, the seed, ...) and hands the edited text to
 * {@link ScenarioParser}. Direct runs and emitted jobs go through the same text, so a job's
 * scenario file is exactly what the direct run simulated.
 */
public final class ScenarioTemplate {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    private final String label;
    private final ObjectNode root;

    private ScenarioTemplate(String label, ObjectNode root) {
        this.label = label;
        this.root = root;
    }

    /** The template shipped in the jar, a copy of {@code scenarios/NAME.yaml}. */
    public static ScenarioTemplate builtIn(String name) {
        String resource = "/scenarios/" + name + ".yaml";
        try (InputStream in = ScenarioTemplate.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + resource + " (tools/pom.xml copies scenarios/ into it)");
            }
            return of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), name + ".yaml");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }

    /** A user's scenario file; problems are one-line {@link ScenarioException}s. */
    public static ScenarioTemplate file(Path file) {
        String name = file.getFileName().toString();
        try {
            return of(Files.readString(file), name);
        } catch (IOException e) {
            throw new ScenarioException(name + ": cannot read: " + e.getMessage());
        }
    }

    /** YAML text; it must parse as a scenario as it stands. */
    public static ScenarioTemplate of(String yaml, String label) {
        ScenarioParser.parse(yaml, label);
        try {
            return new ScenarioTemplate(label, (ObjectNode) YAML.readTree(yaml));
        } catch (JsonProcessingException e) {
            throw new ScenarioException(label + ": " + e.getOriginalMessage());
        }
    }

    /** A copy to edit. */
    public ScenarioTemplate copy() {
        return new ScenarioTemplate(label, root.deepCopy());
    }

    public String label() {
        return label;
    }

    /** The entry of {@code flows} or {@code background} named {@code name}. */
    public ObjectNode flow(String name) {
        for (String list : new String[] {"flows", "background"}) {
            for (JsonNode entry : root.path(list)) {
                if (name.equals(entry.path("name").asText(null))) {
                    return (ObjectNode) entry;
                }
            }
        }
        throw new ScenarioException(label + ": flows: the experiment needs a flow named '" + name + "'");
    }

    /** Applies {@code edit} to every entry of {@code flows} and {@code background}. */
    public ScenarioTemplate eachFlow(Consumer<ObjectNode> edit) {
        for (String list : new String[] {"flows", "background"}) {
            root.path(list).forEach(entry -> edit.accept((ObjectNode) entry));
        }
        return this;
    }

    /** Sets {@code above_max} on every RED block of the topology that marks ({@code ecn: true}). */
    public ScenarioTemplate redAboveMax(String value) {
        eachRed(root.path("topology"), red -> {
            if (red.path("ecn").asBoolean(false)) {
                red.put("above_max", value);
            }
        });
        return this;
    }

    /** Sets the bottleneck's {@code aqm} (a dumbbell's or every parking-lot congestion point's), replacing any {@code ecn} or {@code red} there. */
    public ScenarioTemplate bottleneckAqm(String aqm) {
        if (!(root.path("topology").get("bottleneck") instanceof ObjectNode bottleneck)) {
            throw new ScenarioException(label + ": topology.bottleneck: the experiment needs a dumbbell or "
                    + "parking-lot topology with a bottleneck to put its AQM on");
        }
        bottleneck.remove("ecn");
        bottleneck.remove("red");
        bottleneck.put("aqm", aqm);
        return this;
    }

    /** Sets RED's maximum mark (or drop) probability, max_p, on every RED queue of the file. */
    public ScenarioTemplate redMaxP(double value) {
        eachRed(root.path("topology"), red -> red.put("max_p", value));
        return this;
    }

    private static void eachRed(JsonNode node, Consumer<ObjectNode> edit) {
        if (node.isObject() && node.get("red") instanceof ObjectNode red) {
            edit.accept(red);
        }
        if (node.isContainerNode()) {
            node.forEach(child -> eachRed(child, edit));
        }
    }

    /**
     * Gives every flow that names no {@code profile} this one (an experiment's or run's
     * {@code --profile}); {@code today} changes nothing, so the text stays as it was.
     */
    public ScenarioTemplate defaultProfile(String profile) {
        if (!profile.equals(io.tcplab.stack.profile.Profiles.TODAY)) {
            eachFlow(f -> {
                if (!f.has("profile")) {
                    f.put("profile", profile);
                }
            });
        }
        return this;
    }

    /** Sets a top-level field. */
    public ScenarioTemplate set(String field, String value) {
        root.put(field, value);
        return this;
    }

    /**
     * Makes the run last {@code nanos}, with a tenth of it as warm-up, and every flow's
     * {@code start_spread} cut to at most the warm-up (so short runs still start every flow early).
     */
    public ScenarioTemplate lasting(long nanos) {
        long warmup = nanos / 10;
        set("duration", duration(nanos));
        set("warmup", duration(warmup));
        eachFlow(f -> {
            if (f.has("start_spread") && parsedNanos(f.get("start_spread").asText()) > warmup) {
                f.put("start_spread", duration(warmup));
            }
        });
        return this;
    }

    private long parsedNanos(String text) {
        try {
            return io.tcplab.tools.link.Units.parseDurationNanos(text);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(label + ": start_spread: " + e.getMessage());
        }
    }

    /** Runs exactly this seed ({@code seeds: [seed]}, no {@code runs}). */
    public ScenarioTemplate seed(long seed) {
        root.remove("runs");
        ArrayNode seeds = root.putArray("seeds");
        seeds.add(seed);
        return this;
    }

    public String text(String header) {
        try {
            return header + YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public Scenario scenario() {
        return ScenarioParser.parse(text(""), label);
    }

    /** A duration as the scenario files write it: whole milliseconds if it is, else nanoseconds. */
    public static String duration(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms" : nanos + "ns";
    }
}
