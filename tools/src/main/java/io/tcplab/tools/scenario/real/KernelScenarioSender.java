package io.tcplab.tools.scenario.real;

import io.tcplab.tools.ab.AbException;
import io.tcplab.tools.ab.KernelSender;
import io.tcplab.tools.ab.SsParser;
import io.tcplab.tools.ab.SsSampler;
import io.tcplab.tools.scenario.FlowSeries;
import io.tcplab.tools.traffic.ZeroStream;
import io.tcplab.tun.NamespaceHosts;
import java.io.IOException;

/**
 * A flow on a kernel socket in its group's namespace (whose default algorithm is the flow's), fed
 * zeros by a writer thread, watched by ss: the window and, at the end, the algorithm in use (checked)
 * and the retransmitted segments.
 */
final class KernelScenarioSender implements RealSender {
    private final NamespaceHosts.Host host;
    private final String peer;
    private final int port;
    private final long ssIntervalNanos;
    private final String algorithm;
    private final String name;
    private final ZeroStream data;
    private volatile KernelSender sender;
    private volatile IOException writeFailure;
    private volatile boolean ending;

    KernelScenarioSender(NamespaceHosts.Host host, String peer, int port, long ssIntervalNanos, String algorithm,
                         String name, long totalBytes) {
        this.host = host;
        this.peer = peer;
        this.port = port;
        this.ssIntervalNanos = ssIntervalNanos;
        this.algorithm = algorithm;
        this.name = name;
        this.data = new ZeroStream(totalBytes);
    }

    @Override
    public void start() throws IOException {
        KernelSender s = KernelSender.connect(host, peer, port, ssIntervalNanos,
                "tcplab-real-ss-" + name);
        sender = s;
        Thread writer = new Thread(() -> write(s), "tcplab-real-kernel-" + name);
        writer.setDaemon(true);
        writer.start();
    }

    private void write(KernelSender s) {
        try {
            s.write(data);
            s.finish();
        } catch (IOException e) {
            if (!ending) {
                writeFailure = e;
            }
        }
    }

    @Override
    public void stop() {
        data.stop();
    }

    @Override
    public long cwndBytes() {
        KernelSender s = sender;
        SsParser.Socket last = s == null ? null : s.lastSample();
        return last == null ? 0 : last.cwndBytes();
    }

    @Override
    public Ending end() throws InterruptedException, IOException {
        KernelSender s = sender;
        if (s == null) {
            return new Ending(null, new FlowSeries.KernelCounts(algorithm, null));
        }
        SsSampler sampler = s.stopSampling();
        ending = true;
        data.stop();
        s.abort();
        if (writeFailure != null) {
            throw new AbException("flow " + name + ": kernel sender: " + writeFailure.getMessage(), writeFailure);
        }
        SsParser.Socket last = sampler.last();
        if (last == null) {
            return new Ending(null, new FlowSeries.KernelCounts(algorithm, null)); // gone before ss looked
        }
        if (!last.congestionControl().equals(algorithm)) {
            throw new AbException("flow " + name + ": the kernel sender used " + last.congestionControl()
                    + ", not " + algorithm);
        }
        return new Ending(null, new FlowSeries.KernelCounts(algorithm, last.retransmitsTotal()));
    }

    @Override
    public void close() {
        ending = true;
        data.stop();
        KernelSender s = sender;
        if (s != null) {
            try {
                s.abort();
            } catch (IOException e) {
                // already gone: nothing left to reset
            }
        }
    }
}
