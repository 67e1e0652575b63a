package io.tcplab.tools.experiment;

import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.KernelReceiver;
import io.tcplab.tools.ab.RealLink;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.replay.Recordings;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Runs one variant under one kind of spike in real time: a fresh link of the spec's path with the
 * spike's schedule between the namespaces of a {@link RealPath}, the kernel receiving in the
 * right one, the variant's sender in the left one sending without end until the run's duration.
 * Every time is counted from the link's start, the clock its schedule follows, so the spike comes
 * at the same point of the flow as on the emulator. The receiver's byte count is read at the
 * spike's start, the end of the after-spike window and the end. A tcplab variant's stack is
 * recorded as {@code recordings} say, as {@code KIND-VARIANT} (docs/replay.md).
 */
final class RealBulkFlowRun {
    static final int MTU = 1500;
    /** How often ss samples the kernel sender: a process each, a few ms. */
    static final long SS_INTERVAL_NANOS = 100_000_000L;

    private RealBulkFlowRun() {
    }

    /** A sender of the run: started before the flow, stopped at its end. */
    interface Sender extends AutoCloseable {
        /** Stops sending (its trace after {@code endNanos} no longer counts) and reports. */
        Outcome stop() throws InterruptedException, IOException;

        @Override
        void close() throws IOException;
    }

    /** What a stopped sender's run left. */
    record Outcome(SenderLog log, SenderCounts counts) {
    }

    static VariantRun run(RealPath path, DelaySpikeSpec spec, SpikeKind kind, Variant variant, int port,
                          Recordings recordings) throws InterruptedException {
        String what = kind.label() + "/" + variant.label();
        try (RealLink link = path.openLink(spec.forward(), spec.reverse(), spec.forwardSchedule(kind),
                spec.reverseSchedule(kind), spec.seed(), MTU, "tcplab-spike-link");
             KernelReceiver receiver = KernelReceiver.start(path, port, "tcplab-spike-receiver")) {
            long origin = System.nanoTime() - link.bridge().elapsedNanos();
            try (Sender sender = variant.isKernel() ? KernelFlow.start(path, port, spec, origin)
                    : TcplabFlow.start(path, port, spec, variant, origin,
                            recordings.open(kind.label() + "-" + variant.label()))) {
                long[] at = {spec.spikeAtNanos(), spec.windowEndNanos(), spec.durationNanos()};
                long[] received = new long[at.length];
                for (int i = 0; i < at.length; i++) {
                    sleepUntil(origin + at[i]);
                    received[i] = receiver.bytes();
                }
                Outcome outcome = sender.stop();
                link.check(what);
                if (received[2] == 0) {
                    throw new AbException(what + ": the receiver got nothing in "
                            + spec.durationNanos() / 1e9 + " s" + (receiver.failure() != null
                            ? " (" + receiver.failure() + ")" : ""));
                }
                VariantResult row = BulkFlowRun.result(spec, kind, variant, outcome.log(), outcome.counts(),
                        received[2], received[0], received[1], link.bridge().forward().queueDropped());
                return new VariantRun(row, outcome.log());
            }
        } catch (IOException e) {
            throw new AbException(what + ": " + e.getMessage(), e);
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait;
        while ((wait = nanoTime - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }
}
