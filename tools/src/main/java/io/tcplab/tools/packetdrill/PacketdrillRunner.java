package io.tcplab.tools.packetdrill;

import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.Profiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs packetdrill scripts against tcplab on virtual time; never throws for a bad script. The stack
 * runs under a profile ({@code linux} unless told, the kernel the scripts were written against)
 * with the script host's settings on top ({@link LinuxCompatProfile}).
 */
public final class PacketdrillRunner {
    private PacketdrillRunner() {
    }

    public static Result run(Path file, String name) {
        return run(file, name, Profiles.get(Profiles.LINUX), line -> { });
    }

    /** As {@link #run(Path, String)} under {@code profile}, telling {@code log} each line run and each packet sent. */
    public static Result run(Path file, String name, Profile profile, java.util.function.Consumer<String> log) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Result.fail(name, 0, "cannot read the script: " + e.getMessage(), null, null);
        }
        return run(name, text, profile, log);
    }

    /** Parses and runs {@code text} under the linux profile, reporting it as {@code name}. */
    public static Result run(String name, String text) {
        return run(name, text, Profiles.get(Profiles.LINUX), line -> { });
    }

    public static Result run(String name, String text, Profile profile, java.util.function.Consumer<String> log) {
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
            new ScriptRun(script, profile, log).run();
            return Result.pass(name);
        } catch (ScriptFailure f) {
            return Result.fail(name, f.line, f.getMessage(), f.expected, f.actual);
        } catch (UnsupportedInScript u) {
            return Result.skip(name, u.getMessage());
        } catch (RuntimeException e) {
            return Result.fail(name, 0, "the run threw " + e, null, null);
        }
    }
}
