package io.tcplab.tools.experiment;

import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.KernelSender;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.ab.SsParser;
import io.tcplab.tools.ab.SsSampler;
import io.tcplab.tools.traffic.PatternInputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real run's kernel sender: a socket in the left namespace written without end on its own
 * thread, watched by ss; its counts from ss (retransmissions) and the namespace's TcpExt counters.
 */
final class KernelFlow implements RealBulkFlowRun.Sender {
    private final RealPath path;
    private final KernelSender sender;
    private final KernelCounters before;
    private final long origin;
    private final long end;
    private final String algorithm;
    private final AtomicReference<IOException> writeFailure = new AtomicReference<>();
    private volatile boolean stopping;

    private KernelFlow(RealPath path, KernelSender sender, KernelCounters before, long origin, long end,
                       String algorithm) {
        this.path = path;
        this.sender = sender;
        this.before = before;
        this.origin = origin;
        this.end = end;
        this.algorithm = algorithm;
    }

    static KernelFlow start(RealPath path, int port, DelaySpikeSpec spec, long origin) throws IOException {
        KernelCounters before = KernelCounters.read(path.left());
        KernelSender sender = KernelSender.connect(path, port, RealBulkFlowRun.SS_INTERVAL_NANOS, "tcplab-spike-ss");
        KernelFlow flow = new KernelFlow(path, sender, before, origin, spec.durationNanos(),
                RealPath.algorithmName(spec.base().congestionControl));
        Thread writer = new Thread(() -> flow.write(spec.seed()), "tcplab-spike-kernel-writer");
        writer.setDaemon(true);
        writer.start();
        return flow;
    }

    private void write(long seed) {
        try {
            sender.write(new PatternInputStream(seed, Long.MAX_VALUE));
        } catch (IOException e) {
            if (!stopping) {
                writeFailure.set(e);
            }
        }
    }

    @Override
    public RealBulkFlowRun.Outcome stop() throws InterruptedException, IOException {
        SsSampler sampler = sender.stopSampling();
        stopping = true;
        SsParser.Socket last = sampler.last();
        KernelCounters after = KernelCounters.read(path.left());
        sender.abort();
        if (writeFailure.get() != null) {
            throw new AbException("kernel sender: " + writeFailure.get().getMessage(), writeFailure.get());
        }
        if (last == null) {
            throw new AbException("kernel sender: ss never showed its socket");
        }
        if (!last.congestionControl().equals(algorithm)) {
            throw new AbException("kernel sender: it used " + last.congestionControl() + ", not " + algorithm);
        }
        return new RealBulkFlowRun.Outcome(KernelSenderLog.from(sampler.samples(), origin, end),
                after.since(before, last.retransmitsTotal()));
    }

    @Override
    public void close() throws IOException {
        stopping = true;
        sender.abort();
    }
}
