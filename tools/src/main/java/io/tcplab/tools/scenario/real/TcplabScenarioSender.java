package io.tcplab.tools.scenario.real;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.ab.TcplabSender;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tools.traffic.ZeroSource;
import io.tcplab.tun.NamespaceHosts;

/**
 * A flow on tcplab's stack: its own TUN device in its group's namespace and a
 * {@link io.tcplab.tun.RealTimeDriver} (the same stack code the emulator runs), sending zeros
 * from a {@link ZeroSource}; the device's ring is the network's for one flow. Its stack is
 * recorded, under the flow's name, as {@code recordings} say (docs/replay.md).
 */
final class TcplabScenarioSender implements RealSender {
    private final NamespaceHosts.Host host;
    private final int flowIndex;
    private final String peer;
    private final int port;
    private final ConnectionOptions options;
    private final long seed;
    private final String name;
    private final ZeroSource source;
    private final int txQueuePackets;
    private final Recordings recordings;
    private volatile TcplabSender sender;

    TcplabScenarioSender(NamespaceHosts.Host host, int flowIndex, String peer, int port, ConnectionOptions options,
                         long seed, String name, long totalBytes, int txQueuePackets, Recordings recordings) {
        this.host = host;
        this.flowIndex = flowIndex;
        this.peer = peer;
        this.port = port;
        this.options = options;
        this.seed = seed;
        this.name = name;
        this.source = new ZeroSource(totalBytes);
        this.txQueuePackets = txQueuePackets;
        this.recordings = recordings;
    }

    @Override
    public void start() {
        sender = TcplabSender.connect(host, RealNetwork.tcplabDeviceCidr(flowIndex),
                RealNetwork.tcplabAddress(flowIndex), peer, port, options, seed,
                RealNetwork.MTU, txQueuePackets, source, null, "tcplab-real-" + name, recordings.open(name));
    }

    @Override
    public void stop() {
        TcplabSender s = sender;
        if (s != null) {
            s.call(() -> {
                source.stop(s.now());
                return null;
            });
        }
    }

    @Override
    public long cwndBytes() {
        TcplabSender s = sender;
        if (s == null) {
            return 0;
        }
        s.check("flow " + name); // a dead driver fails the run now instead of timing out the call
        return s.info().cwndBytes();
    }

    @Override
    public void outsideDrops(OutsideDrops.Builder drops) {
        TcplabSender s = sender;
        if (s != null) {
            s.outsideDrops(drops);
        }
    }

    @Override
    public Ending end() {
        TcplabSender s = sender;
        if (s == null) {
            return new Ending(null, null);
        }
        s.check("flow " + name);
        Ending ending = new Ending(s.info(), null);
        s.close();
        return ending;
    }

    @Override
    public void close() {
        TcplabSender s = sender;
        if (s != null) {
            s.close();
        }
    }
}
