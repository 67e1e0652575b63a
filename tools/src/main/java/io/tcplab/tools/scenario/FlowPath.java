package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import java.util.List;

/**
 * A flow's way through its topology as both the emulator and a real run lay it out: the links
 * there and back, its sender's access delay (set so the flow gets its {@code rtt}; otherwise the
 * access links' own), its base RTT, and the connection settings with auto buffers sized.
 *
 * @param there             links from the sender's router to the receiver's
 * @param back              links the other way
 * @param senderDelayNanos  one-way delay of the sender's access link, each way
 * @param baseRttNanos      the round trip without queueing: both routes, both access links each way
 */
public record FlowPath(List<LinkSpec> there, List<LinkSpec> back, long senderDelayNanos, long baseRttNanos) {
    static final long WEB_TIME_WAIT_NANOS = 1_000_000_000L;
    private static final int MIN_AUTO_BUFFER = 64 * 1024;
    private static final int MAX_AUTO_BUFFER = 64 << 20;

    public FlowPath {
        there = List.copyOf(there);
        back = List.copyOf(back);
    }

    public static FlowPath of(TopologySpec topology, FlowSpec flow) {
        List<LinkSpec> there = PathDelays.route(topology, flow.from(), flow.to()).orElseThrow(
                () -> new IllegalArgumentException("no route from " + flow.from() + " to " + flow.to()));
        List<LinkSpec> back = PathDelays.route(topology, flow.to(), flow.from()).orElseThrow(
                () -> new IllegalArgumentException("no route from " + flow.to() + " to " + flow.from()));
        LinkParams access = topology.access();
        long fixedPart = PathDelays.oneWayNanos(there) + PathDelays.oneWayNanos(back) + 2 * access.delayNanos();
        long senderDelay = flow.rttNanos() < 0 ? access.delayNanos() : (flow.rttNanos() - fixedPart) / 2;
        if (senderDelay < 0) {
            throw new IllegalArgumentException("flow " + flow.name() + ": RTT " + flow.rttNanos() / 1e6
                    + " ms is below its path's " + fixedPart / 1e6 + " ms");
        }
        return new FlowPath(there, back, senderDelay, fixedPart + 2 * senderDelay);
    }

    /**
     * The flow's settings with buffers sized: web connections get the web buffer and a short
     * TIME_WAIT (thousands of them come and go); others, with auto buffers, get twice the path's
     * bandwidth-delay product plus its largest queue, within 64 KiB to 64 MiB.
     */
    public ConnectionOptions options(FlowSpec flow) {
        ConnectionOptions.Builder b = flow.options().toBuilder();
        if (flow.traffic() instanceof TrafficSpec.Web web) {
            return b.sendBufferBytes(web.bufferBytes()).receiveBufferBytes(web.bufferBytes())
                    .timeWaitNanos(WEB_TIME_WAIT_NANOS).build();
        }
        if (!flow.autoBuffers() || PathDelays.slowestRate(there) == 0) {
            return flow.options();
        }
        double bdp = PathDelays.slowestRate(there) / 8.0 * baseRttNanos / 1e9;
        long wanted = (long) (2 * bdp) + PathDelays.largestQueueBytes(there);
        int buffer = (int) Math.max(MIN_AUTO_BUFFER, Math.min(MAX_AUTO_BUFFER, wanted));
        return b.sendBufferBytes(buffer).receiveBufferBytes(buffer).build();
    }
}
