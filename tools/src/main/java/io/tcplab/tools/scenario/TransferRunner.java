package io.tcplab.tools.scenario;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkStats;
import io.tcplab.tools.link.Seeds;
import io.tcplab.tools.traffic.DigestPipe;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.LengthOnlyInputStream;
import io.tcplab.tools.traffic.OutputStreamSink;
import io.tcplab.tools.traffic.PatternInputStream;
import io.tcplab.tools.traffic.TeeInputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a {@link TransferSpec} on the emulator: host a sends, host b receives and hashes, over the
 * two-host topology ("forward" carries data, "reverse" ACKs). A payload-free spec runs the same
 * stacks with virtual payload: nothing is generated or hashed, only the byte counts are compared.
 */
public final class TransferRunner {
    static final int PORT = 5001;
    /** The digests of a payload-free transfer: there are no bytes to hash. */
    public static final String NOT_HASHED = "none (no payload)";

    private TransferRunner() {
    }

    public static TransferResult run(TransferSpec spec, TraceListener senderTrace) {
        long wallStart = System.nanoTime();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        ConnectionOptions options = spec.options();
        Network network = Topologies.twoHosts(spec.seed(), spec.forward(), spec.reverse(),
                StackHost.factory(stackConfig(spec, Topologies.addressA(), "a", options)),
                StackHost.factory(stackConfig(spec, Topologies.addressB(), "b", options)));
        boolean hashed = spec.payload();
        if (spec.forwardSchedule() != null) {
            network.schedule("forward", spec.forwardSchedule());
        }
        HostNode a = network.host("a");
        HostNode b = network.host("b");
        TcpStack sendStack = ((StackHost) a.host()).stack();
        TcpStack receiveStack = ((StackHost) b.host()).stack();

        DigestPipe receivedDigest = hashed ? new DigestPipe("received") : null;
        OutputStreamSink receiver = new OutputStreamSink(hashed ? receivedDigest : OutputStream.nullOutputStream());
        Connection[] server = new Connection[1];
        receiveStack.listen(PORT, options, (connection, now) -> {
            server[0] = connection;
            return receiver;
        });
        DigestPipe sentDigest = hashed ? new DigestPipe("sent") : null;
        InputStreamSource sender = new InputStreamSource(hashed
                ? new TeeInputStream(new PatternInputStream(spec.seed(), spec.bytes()), sentDigest)
                : new LengthOnlyInputStream(spec.bytes()));
        Connection[] client = new Connection[1];
        a.at(0, () -> {
            client[0] = sendStack.connect(0, Topologies.addressB(), PORT, options, sender);
            client[0].setTraceListener(senderTrace);
        });

        network.scheduler().runUntil(() -> receiver.ended() || sender.error() != null || receiver.error() != null,
                spec.timeLimitNanos());

        long end = receiver.ended() ? receiver.endedAtNanos() : network.scheduler().now();
        double seconds = end / 1e9;
        ConnectionInfo info = client[0].info();
        Link forward = network.link("forward");
        Map<String, Long> drops = new LinkedHashMap<>();
        addDrops(drops, "a.", sendStack);
        addDrops(drops, "b.", receiveStack);
        boolean complete = receiver.ended() && sender.ended();
        String sentHash = !hashed ? NOT_HASHED : sender.ended() ? sentDigest.finish() : "";
        String receivedHash = !hashed ? NOT_HASHED : receiver.ended() ? receivedDigest.finish() : "";
        if (!complete && hashed) { // let the hashing threads end
            sentDigest.finish();
            receivedDigest.finish();
        }
        return new TransferResult(complete, sender.written(), receiver.received(),
                sentHash, receivedHash,
                seconds > 0 ? receiver.received() * 8 / seconds : 0, info.segmentsSent(),
                info.segmentsRetransmitted(), info.rtoCount(), info.fastRecoveries(), info.spuriousUndos(), seconds,
                (System.nanoTime() - wallStart) / 1e9, (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9,
                forward.counters().offeredPackets(), info.cwndBytes(),
                info.srttNanos() / 1e6, drops, linkStats(network), info.ecnMode().word(),
                info.ecnMode() == EcnMode.ACCECN ? info.accEcn() : null,
                info.ecnMode() == EcnMode.ACCECN && server[0] != null ? server[0].info().accEcn() : null);
    }

    /** Every link's counters by name, in the order the topology made them. */
    public static Map<String, LinkStats> linkStats(Network network) {
        Map<String, LinkStats> stats = new LinkedHashMap<>();
        for (Link link : network.links()) {
            stats.put(link.name(), link.stats());
        }
        return stats;
    }

    private static StackConfig stackConfig(TransferSpec spec, byte[] address, String host, ConnectionOptions options) {
        return stackConfig(spec.seed(), address, host, options, spec.initialIsn(), !spec.payload());
    }

    /** A host's stack with real payload bytes; see {@link #stackConfig(long, byte[], String, ConnectionOptions, long, boolean)}. */
    public static StackConfig stackConfig(long seed, byte[] address, String host, ConnectionOptions options, long isn) {
        return stackConfig(seed, address, host, options, isn, false);
    }

    /**
     * A host's stack: its randomness from the run's seed and the host's name; {@code isn} -1 is
     * RFC 6528; {@code virtualPayload} for payload-free segments (every host of a network alike).
     */
    public static StackConfig stackConfig(long seed, byte[] address, String host, ConnectionOptions options, long isn,
                                          boolean virtualPayload) {
        StackConfig.Builder b = StackConfig.builder(RandomSource.seeded(Seeds.derive(seed, "stack", host)))
                .address(address)
                .defaultOptions(options)
                .virtualPayload(virtualPayload);
        if (isn >= 0) {
            b.isnSource((now, la, lp, ra, rp) -> isn);
        }
        return b.build();
    }

    private static void addDrops(Map<String, Long> drops, String prefix, TcpStack stack) {
        for (Map.Entry<DropReason, Long> e : stack.stats().dropsByReason().entrySet()) {
            drops.put(prefix + e.getKey().name().toLowerCase(java.util.Locale.ROOT), e.getValue());
        }
    }
}
