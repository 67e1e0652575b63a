package io.tcplab.tools.experiment;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.scenario.TransferRunner;
import io.tcplab.tools.traffic.DeliveryCounter;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.LengthOnlyInputStream;

/**
 * Runs one variant under one kind of spike on the emulator: host a sends without end to host b
 * for the spec's duration (payload-free: segments carry lengths only, nothing is generated or
 * hashed), with the spike on
 * link "forward" (data), "reverse" (ACKs) or both. The receiver's delivered bytes are read at the spike's start, at the end of
 * the after-spike window and at the end.
 */
final class BulkFlowRun {
    private static final int PORT = 5001;

    private BulkFlowRun() {
    }

    static VariantRun run(DelaySpikeSpec spec, SpikeKind kind, Variant variant) {
        ConnectionOptions options = spec.options(variant);
        ConnectionOptions receiving = spec.receiver();
        Network network = Topologies.twoHosts(spec.seed(), spec.forward(), spec.reverse(),
                StackHost.factory(TransferRunner.stackConfig(spec.seed(), Topologies.addressA(), "a", options, -1, true)),
                StackHost.factory(TransferRunner.stackConfig(spec.seed(), Topologies.addressB(), "b", receiving, -1, true)));
        network.schedule("forward", spec.forwardSchedule(kind));
        network.schedule("reverse", spec.reverseSchedule(kind));
        HostNode a = network.host("a");
        TcpStack sendStack = ((StackHost) a.host()).stack();
        TcpStack receiveStack = ((StackHost) network.host("b").host()).stack();

        DeliveryCounter receiver = new DeliveryCounter();
        receiveStack.listen(PORT, receiving, (connection, now) -> receiver);
        SenderLog log = new SenderLog();
        InputStreamSource source = new InputStreamSource(new LengthOnlyInputStream(Long.MAX_VALUE));
        Connection[] client = new Connection[1];
        a.at(0, () -> {
            client[0] = sendStack.connect(0, Topologies.addressB(), PORT, options, source);
            client[0].setTraceListener(log);
        });
        long[] delivered = new long[2];
        network.at(spec.spikeAtNanos(), () -> delivered[0] = receiver.received());
        network.at(spec.windowEndNanos(), () -> delivered[1] = receiver.received());
        network.scheduler().runUntil(spec.durationNanos());

        VariantResult result = result(spec, kind, variant, log, log.counts(), receiver.received(), delivered[0],
                delivered[1], network.link("forward").counters().queueDropped());
        return new VariantRun(result, log);
    }

    /**
     * A row from a run's sender log and counts, and the receiver's byte count at the spike's start,
     * at the end of the after-spike window and at the end of the run.
     */
    static VariantResult result(DelaySpikeSpec spec, SpikeKind kind, Variant variant, SenderLog log,
                                SenderCounts counts, long total, long atSpike, long atWindowEnd, long queueDropped) {
        long preSpikeCwnd = log.cwndAt(spec.spikeAtNanos());
        long touch = log.firstBackNanos(spec.spikeAtNanos(), preSpikeCwnd);
        long stays = log.staysBackNanos(spec.spikeAtNanos(), spec.windowEndNanos(), preSpikeCwnd);
        return new VariantResult(kind.label(), variant.label(), counts.rtos(), counts.retransmissions(),
                counts.spuriousUndos(), counts.doubleDrops(), mbps(total, spec.durationNanos()),
                mbps(atWindowEnd - atSpike, spec.windowEndNanos() - spec.spikeAtNanos()), preSpikeCwnd,
                seconds(touch), seconds(stays), queueDropped);
    }

    /** Seconds, or -1 for "never" as the table and files write it. */
    private static double seconds(long nanos) {
        return nanos < 0 ? -1 : nanos / 1e9;
    }

    private static double mbps(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes * 8e3 / nanos;
    }
}
