package io.tcplab.tools.packetdrill;

import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs packetdrill scripts against tcplab on virtual time; never throws for a bad script. The stack
 * runs under a profile ({@code linux} unless told, the kernel the scripts were written against)
 * with the script host's settings on top ({@link LinuxCompatProfile}).
 */
public final class PacketdrillRunner {
    private PacketdrillRunner() {
    }

    public static Result run(Path file, String name) {
        return run(file, name, Profiles.get(Profiles.LINUX), Map.of(), line -> { });
    }

    /**
     * As {@link #run(Path, String)} under {@code profile}, with {@code sysctls} (full names, each
     * passing {@link LinuxCompatProfile#check}) applied after defaults.sh and before the script's
     * own, telling {@code log} each line run and each packet sent.
     */
    public static Result run(Path file, String name, Profile profile, Map<String, String> sysctls,
                             java.util.function.Consumer<String> log) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Result.fail(name, 0, "cannot read the script: " + e.getMessage(), null, null);
        }
        return run(name, text, profile, sysctls, log);
    }

    /** Parses and runs {@code text} under the linux profile, reporting it as {@code name}. */
    public static Result run(String name, String text) {
        return run(name, text, Profiles.get(Profiles.LINUX), Map.of(), line -> { });
    }

    public static Result run(String name, String text, Profile profile, Map<String, String> sysctls,
                             java.util.function.Consumer<String> log) {
        Script script;
        try {
            script = ScriptParser.parse(name, text);
        } catch (ScriptSyntaxException e) {
            return Result.fail(name, e.line(), "syntax: " + e.getMessage().replaceFirst("^line \\d+: ", ""), null,
                    null);
        }
        if (script.skipReason() != null) {
            return Result.skip(name, script.skipReason());
        }
        try {
            ScriptRun run = new ScriptRun(script, profile, sysctls, log);
            run.run();
            return Result.pass(name, run.unchecked());
        } catch (ScriptFailure f) {
            return Result.fail(name, f.line, f.getMessage(), f.expected, f.actual);
        } catch (UnsupportedInScript u) {
            return Result.skip(name, u.getMessage());
        } catch (RuntimeException e) {
            return Result.fail(name, 0, "the run threw " + e, null, null);
        }
    }
}
