package io.tcplab.tools.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a command's {@code --record} asks for (docs/replay.md): nothing ({@link #NONE}), one file
 * for the command's one tcplab stack ({@code ab}), or a directory with a file per stack
 * ({@code run --real}, {@code delay-spike --real}); {@link #open} makes each stack's
 * {@link StackRecording}. Stacks may be opened from any thread.
 */
public final class Recordings {
    /** Nothing is recorded. */
    public static final Recordings NONE = new Recordings(null, false, Keep.PACKETS, "");

    private final Path path;
    private final boolean perStack;
    private final Keep keep;
    private final String setup;
    private final List<StackRecording> opened = new ArrayList<>();

    private Recordings(Path path, boolean perStack, Keep keep, String setup) {
        this.path = path;
        this.perStack = perStack;
        this.keep = keep;
        this.setup = setup;
    }

    /** The one stack of {@code setup} (what ran: a command line) recorded into {@code file}. */
    public static Recordings file(Path file, Keep keep, String setup) {
        return new Recordings(file, false, keep, setup);
    }

    /** Each stack of {@code setup} recorded into {@code dir}, which must exist, as {@code NAME.rec} (see {@link #open}). */
    public static Recordings directory(Path dir, Keep keep, String setup) {
        return new Recordings(dir, true, keep, setup);
    }

    /** Whether anything is recorded. */
    public boolean on() {
        return path != null;
    }

    /**
     * The recording of the stack called {@code name}: the file, whose setup text is the
     * command's; or {@code NAME.rec} in the directory, its setup text the
     * command's and {@code ": NAME"}; {@link StackRecording#NONE} when nothing is recorded. A
     * file takes one stack: a second is a programming error.
     */
    public synchronized StackRecording open(String name) {
        if (path == null) {
            return StackRecording.NONE;
        }
        if (!perStack && !opened.isEmpty()) {
            throw new IllegalStateException("a recording file takes one stack; " + name + " is a second");
        }
        Path file = path;
        String what = setup;
        if (perStack) {
            file = path.resolve(name + ".rec");
            what = setup + ": " + name;
        }
        StackRecording recording = StackRecording.to(file, what, keep);
        opened.add(recording);
        return recording;
    }

    /** One line per stack opened so far on what its recording came to (see {@link Recorder#summary}), once closed. */
    public synchronized List<String> summaries() {
        return opened.stream().map(StackRecording::summary).toList();
    }
}
