package io.tcplab.tools.traffic;

import io.tcplab.tools.emu.HostNode;
import java.util.SplittableRandom;

/**
 * Turns a {@link ZeroSource} on and off: on for a period, off for a period, and so on until
 * {@code stop}; periods are exponential with the given means, or exactly the means.
 */
public final class OnOffSwitch {
    private final HostNode host;
    private final ZeroSource source;
    private final SplittableRandom random;
    private final long onNanos;
    private final long offNanos;
    private final boolean exponential;
    private final long stopNanos;

    public OnOffSwitch(HostNode host, ZeroSource source, SplittableRandom random, long onNanos, long offNanos,
                       boolean exponential, long stopNanos) {
        this.host = host;
        this.source = source;
        this.random = random;
        this.onNanos = onNanos;
        this.offNanos = offNanos;
        this.exponential = exponential;
        this.stopNanos = stopNanos;
    }

    /** The source is on from {@code now}; call when its connection opens. */
    public void start(long now) {
        scheduleSwitch(now + period(onNanos), false);
    }

    private void scheduleSwitch(long at, boolean on) {
        if (at >= stopNanos) {
            return;
        }
        host.at(at, () -> {
            if (on) {
                source.resume(at);
                scheduleSwitch(at + period(onNanos), false);
            } else {
                source.pause();
                scheduleSwitch(at + period(offNanos), true);
            }
        });
    }

    private long period(long mean) {
        if (!exponential) {
            return mean;
        }
        return Math.max(1, (long) (-Math.log(1 - random.nextDouble()) * mean));
    }
}
