package io.tcplab.tools.ab;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.bridge.DirectionStats;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.PatternInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * Runs the same transfer twice through the same user-space link of a {@link RealPath}: A, the
 * kernel's TCP in the left namespace (its default algorithm there set to the same name) to a
 * kernel receiver in the right one; B, tcplab behind a TUN device whose kernel side is also in the
 * left namespace, which forwards its packets into the link, to the same kind of receiver.
 *
 * Each run gets a fresh link with the same seed. The path's buffers and device queues are sized by
 * {@link PathSizing} so that only the link drops; what was lost anywhere else is counted per run
 * ({@link OutsideDrops}). The kernel sender is sampled with {@code ss -tin} every interval;
 * tcplab's through its trace listener. With {@link Recordings}, run B's stack is recorded
 * (docs/replay.md); the kernel's TCP is not a tcplab stack and is not. Everything (namespaces, devices, threads)
 * is removed afterwards, also on failure; an interrupted JVM leaves the namespaces to NamespaceHosts'
 * shutdown hook.
 */
public final class AbRunner {
    private final AbSpec spec;
    private final PrintWriter log;
    private final Recordings recordings;

    /**
     * {@code log} gets a line per step (null: quiet); tcplab's stack is recorded as
     * {@code recordings} say (its stack is called {@code tcplab}).
     */
    public AbRunner(AbSpec spec, PrintWriter log, Recordings recordings) {
        this.spec = spec;
        this.log = log;
        this.recordings = recordings;
    }

    /** The algorithms the kernel offers, from /proc (the same in every namespace). */
    public static List<String> kernelAlgorithms() {
        return RealPath.kernelAlgorithms();
    }

    public AbResult run() throws InterruptedException {
        PathSizing sizing = PathSizing.of(spec.forward(), spec.reverse(), spec.mtu());
        try (RealPath path = RealPath.open(spec.ccName(), sizing, spec.ecnMode())) {
            say("namespaces %s and %s; kernel algorithm in %s: %s; socket buffers %d B, device queues %d packets",
                    path.left().name(), path.right().name(), path.left().name(), path.leftAlgorithm(),
                    sizing.socketBufferBytes(), sizing.deviceQueuePackets());
            RunResult k = kernelRun(path);
            say("A kernel %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits, %d samples, dropped outside the link %s",
                    spec.ccName(), k.bytes(), k.durationNanos() / 1e9, k.goodputBitsPerSec() / 1e6, k.retransmits(),
                    k.samples().size(), k.outsideDrops().describe());
            RunResult t = tcplabRun(path, sizing);
            say("B tcplab %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits, %d samples, dropped outside the link %s",
                    spec.cc(), t.bytes(), t.durationNanos() / 1e9, t.goodputBitsPerSec() / 1e6, t.retransmits(),
                    t.samples().size(), t.outsideDrops().describe());
            return new AbResult(spec, k, t, path.namespaces());
        } catch (RuntimeException e) {
            throw RealPath.wrap(e);
        }
    }

    private RealLink openLink(RealPath path) {
        return path.openLink(spec.forward(), spec.reverse(), spec.forwardSchedule(), spec.reverseSchedule(),
                spec.seed(), spec.mtu(), "tcplab-ab-link");
    }

    // ---- A: kernel to kernel -------------------------------------------------------------

    private RunResult kernelRun(RealPath path) throws InterruptedException {
        int port = spec.port();
        try (RealLink link = openLink(path);
             KernelReceiver receiver = KernelReceiver.start(path, port, "tcplab-ab-receiver-a")) {
            KernelReceiver.Received r;
            SsSampler sampler;
            long t0;
            try (KernelSender sender = KernelSender.connect(path, port, spec.sampleIntervalNanos(), "tcplab-ab-ss")) {
                t0 = sender.connectNanos();
                // the same bytes as tcplab sends in run B
                sender.write(new PatternInputStream(spec.seed(), spec.bytes()));
                sender.finish();
                r = receiver.await(spec.bytes(), spec.timeoutNanos(), "kernel run");
                sampler = sender.stopSampling(); // the final state, before the socket goes
            }
            SsParser.Socket last = sampler.last();
            if (last == null) {
                throw new AbException("kernel run: ss never showed the sender's socket");
            }
            if (!last.congestionControl().equals(spec.ccName())) {
                throw new AbException("kernel run: the sender used " + last.congestionControl() + ", not "
                        + spec.ccName());
            }
            link.check("kernel run");
            OutsideDrops.Builder drops = new OutsideDrops.Builder();
            path.linkDevicesDrops(link, drops);
            DirectionStats f = link.bridge().forward();
            return new RunResult("kernel", last.congestionControl(), r.bytes(), r.eofNanos() - t0,
                    last.retransmitsTotal(), last.cwndBytes(), last.mss(), sampler.asSamples(t0), f.offered(),
                    f.queueDropped() + f.lost(), drops.build(), EcnCounts.of(last.ecn(), f), f.link());
        } catch (IOException e) {
            throw new AbException("kernel run: " + e.getMessage(), e);
        }
    }

    // ---- B: tcplab to kernel -------------------------------------------------------------

    private RunResult tcplabRun(RealPath path, PathSizing sizing) throws InterruptedException {
        int port = spec.port() + 1;
        try (RealLink link = openLink(path);
             KernelReceiver receiver = KernelReceiver.start(path, port, "tcplab-ab-receiver-b")) {
            TraceSampler tracer = new TraceSampler(spec.sampleIntervalNanos());
            InputStreamSource source = new InputStreamSource(new PatternInputStream(spec.seed(), spec.bytes()));
            // the same send buffer as the kernel sender's ceiling, so neither is limited by its own
            ConnectionOptions options = spec.tcplab().toBuilder().sendBufferBytes(sizing.socketBufferBytes()).build();
            try (TcplabSender sender = TcplabSender.connect(path, port, options, spec.seed(), spec.mtu(), source,
                    tracer::onTrace, "tcplab-ab-stack", recordings.open("tcplab"))) {
                KernelReceiver.Received r;
                try {
                    r = receiver.await(spec.bytes(), spec.timeoutNanos(), "tcplab run");
                } catch (AbException e) {
                    throw new AbException(e.getMessage() + " (" + sender.describe() + ")", e);
                }
                ConnectionInfo info = sender.info();
                List<Sample> samples = tracer.finish(sender, info);
                link.check("tcplab run");
                sender.check("tcplab run");
                OutsideDrops.Builder drops = new OutsideDrops.Builder();
                sender.outsideDrops(drops);
                path.linkDevicesDrops(link, drops);
                DirectionStats f = link.bridge().forward();
                return new RunResult("tcplab", info.congestionControl(), r.bytes(), r.eofNanos() - sender.connectNanos(),
                        info.segmentsRetransmitted(), info.cwndBytes(), info.mss(), samples, f.offered(),
                        f.queueDropped() + f.lost(), drops.build(), EcnCounts.of(info.ecn(), f), f.link());
            }
        } catch (IOException e) {
            throw new AbException("tcplab run: " + e.getMessage(), e);
        }
    }

    private void say(String format, Object... args) {
        if (log != null) {
            log.printf(java.util.Locale.ROOT, format + "%n", args);
            log.flush();
        }
    }
}
