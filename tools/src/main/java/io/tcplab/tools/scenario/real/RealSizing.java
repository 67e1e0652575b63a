package io.tcplab.tools.scenario.real;

import io.tcplab.tools.ab.PathSizing;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.scenario.FlowPath;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.PathDelays;
import io.tcplab.tools.scenario.TopologySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link PathSizing} for a real run's network, so that, as in {@code tcplab ab}, only the
 * emulated links drop: the largest window any flow can usefully have (its path's slowest rate ×
 * its base RTT, plus every queue on its way there) sizes the socket buffers of every namespace,
 * and each TUN device's ring holds that sizing's ring once per flow crossing it (every one of them
 * can have its receive window waiting there).
 *
 * @param sizing        buffers and one flow's ring
 * @param flowsPerLink  per two-way topology link (forward links in the topology's order), the flows
 *                      whose data or ACKs cross it
 */
record RealSizing(PathSizing sizing, List<Integer> flowsPerLink) {

    static RealSizing of(TopologySpec topology, List<FlowSpec> flows, int mtu) {
        List<LinkSpec> links = topology.links();
        int[] crossing = new int[links.size() / 2];
        long window = 0;
        for (FlowSpec f : flows) {
            FlowPath path = FlowPath.of(topology, f);
            window = Math.max(window, window(path, mtu));
            for (int j = 0; j < crossing.length; j++) {
                LinkSpec forward = links.get(2 * j);
                LinkSpec reverse = links.get(2 * j + 1);
                if (crosses(path, forward) || crosses(path, reverse)) {
                    crossing[j]++;
                }
            }
        }
        List<Integer> perLink = new ArrayList<>();
        for (int c : crossing) {
            perLink.add(c);
        }
        return new RealSizing(PathSizing.ofWindow(window, mtu), perLink);
    }

    /** The ring of the devices of two-way topology link {@code j}. */
    int linkQueuePackets(int j) {
        return sizing.deviceQueuePackets(flowsPerLink.get(j));
    }

    /** The ring of a device that {@code flows} flows cross (an access link, a tcplab device). */
    int queuePackets(int flows) {
        return sizing.deviceQueuePackets(flows);
    }

    private static boolean crosses(FlowPath path, LinkSpec link) {
        return path.there().stream().anyMatch(l -> l.name().equals(link.name()))
                || path.back().stream().anyMatch(l -> l.name().equals(link.name()));
    }

    /** Slowest rate × base RTT plus every queue there; an unlimited rate or queue: no bound. */
    private static long window(FlowPath path, int mtu) {
        long rate = PathDelays.slowestRate(path.there());
        long queues = 0;
        for (LinkSpec l : path.there()) {
            Limit q = l.params().queueLimit();
            if (q.equals(Limit.NONE)) {
                return Long.MAX_VALUE;
            }
            queues += q.kind() == Limit.Kind.BYTES ? q.value() : q.value() * mtu;
        }
        if (rate == 0) {
            return Long.MAX_VALUE;
        }
        return (long) (rate / 8.0 * path.baseRttNanos() / 1e9) + queues;
    }
}
