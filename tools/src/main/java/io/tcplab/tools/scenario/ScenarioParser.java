package io.tcplab.tools.scenario;

import io.tcplab.tools.scenario.file.ScenarioFile;
import io.tcplab.tools.scenario.file.ScenarioValidator;
import io.tcplab.tools.scenario.file.YamlFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a scenario file (YAML, docs/scenarios.md) into a {@link Scenario}. Every problem — YAML
 * syntax, an unknown field, a value of the wrong type, a bad unit, a missing or out-of-range
 * value — is a {@link ScenarioException} whose message is one line naming the file and the
 * field path ({@code flows[2].cc}) and what is allowed there.
 */
public final class ScenarioParser {
    private ScenarioParser() {
    }

    public static Scenario parse(Path file) {
        String name = file.getFileName().toString();
        try {
            return parse(Files.readString(file), name);
        } catch (IOException e) {
            throw new ScenarioException(name + ": cannot read: " + e.getMessage());
        }
    }

    /** Parses YAML text; {@code fileName} labels the errors. */
    public static Scenario parse(String yaml, String fileName) {
        ScenarioFile raw = YamlFile.read(yaml, fileName, ScenarioFile.class);
        if (raw == null) {
            throw new ScenarioException(fileName + ": the file is empty (a scenario needs at least topology and flows)");
        }
        return ScenarioValidator.validate(raw, fileName);
    }
}
