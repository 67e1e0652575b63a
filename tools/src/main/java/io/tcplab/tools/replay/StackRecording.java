package io.tcplab.tools.replay;

import io.tcplab.stack.RandomSource;
import io.tcplab.tun.RealTimeDriver;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The recording of one stack a {@link RealTimeDriver} runs, or none ({@link #NONE}): the one way
 * {@code serve}, {@code send}, {@code ab}, {@code run --real} and {@code delay-spike --real}
 * attach a {@link Recorder} (docs/replay.md). The stack's random source goes through
 * {@link #random} before its configuration is built, the driver's builder through
 * {@link #observe} before it starts (the recorder then wraps the stack's packet sink and writes
 * the file's header as the stack is made); {@link #close} once the driver has stopped.
 */
public final class StackRecording implements AutoCloseable {
    /** Nothing recorded: the random source and the driver as they are. */
    public static final StackRecording NONE = new StackRecording(null);

    /** Null for {@link #NONE}. */
    private final Recorder recorder;
    private boolean closed;

    private StackRecording(Recorder recorder) {
        this.recorder = recorder;
    }

    /** A recording into {@code file} keeping {@code keep}; {@code setup} says what ran. */
    public static StackRecording to(Path file, String setup, Keep keep) {
        return new StackRecording(new Recorder(file, setup, keep));
    }

    /** The stack's random source: {@code base}, each draw recorded. */
    public RandomSource random(RandomSource base) {
        return recorder == null ? base : recorder.random(base);
    }

    /** {@code driver}, its stack's output and inputs recorded from the moment it is made. */
    public RealTimeDriver.Builder observe(RealTimeDriver.Builder driver) {
        return recorder == null ? driver : driver.observe(recorder::sink, recorder::attachOrFail);
    }

    /** Whether there is a recording. */
    public boolean on() {
        return recorder != null;
    }

    /** After {@link #close}: one line on what the recording came to, or null without one. */
    public String summary() {
        return recorder == null ? null : recorder.summary();
    }

    /** Ends the file; call after the driver has stopped, when nothing feeds the stack any more. Once is enough. */
    @Override
    public void close() throws IOException {
        if (recorder != null && !closed) {
            closed = true;
            recorder.close();
        }
    }
}
