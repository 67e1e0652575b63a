package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.emu.Dumbbell;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.link.LinkParams;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a scenario's network for one seed: its routers and links, then for each flow a sender
 * host on router {@code from} and a receiver host on router {@code to} (named by
 * {@link ScenarioNames}) with access links, the sender's set so the flow has its RTT. Every
 * stack of the network runs with or without payload bytes alike.
 */
final class ScenarioNetwork {
    static final long WEB_TIME_WAIT_NANOS = 1_000_000_000L;
    private static final int MIN_AUTO_BUFFER = 64 * 1024;
    private static final int MAX_AUTO_BUFFER = 64 << 20;

    private ScenarioNetwork() {
    }

    static Network build(Scenario scenario, long seed, boolean payload, List<FlowHosts> hostsOut) {
        TopologySpec topology = scenario.topology();
        Network network = new Network(seed);
        topology.routers().forEach(network::addRouter);
        for (LinkSpec link : topology.links()) {
            network.addLink(link.name(), link.from(), link.to(), link.params());
        }
        List<FlowSpec> flows = scenario.flows();
        for (int i = 0; i < flows.size(); i++) {
            hostsOut.add(addFlow(network, topology, flows.get(i), i, seed, payload));
        }
        for (LinkEvent event : scenario.events()) {
            network.schedule(event.link(), event.schedule());
        }
        return network;
    }

    private static FlowHosts addFlow(Network network, TopologySpec topology, FlowSpec flow, int index, long seed,
                                     boolean payload) {
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
        long baseRtt = fixedPart + 2 * senderDelay;
        ConnectionOptions options = options(flow, there, baseRtt);
        byte[] senderAddress = Dumbbell.senderAddress(index);
        byte[] receiverAddress = Dumbbell.receiverAddress(index);
        String sender = ScenarioNames.sender(flow);
        String receiver = ScenarioNames.receiver(flow);
        network.addHost(sender, senderAddress, StackHost.factory(
                TransferRunner.stackConfig(seed, senderAddress, sender, options, -1, !payload)));
        network.addHost(receiver, receiverAddress, StackHost.factory(
                TransferRunner.stackConfig(seed, receiverAddress, receiver, options, -1, !payload)));
        LinkParams senderAccess = access.copy().setDelayNanos(senderDelay);
        network.connect(sender, flow.from(), senderAccess, senderAccess);
        network.connect(flow.to(), receiver, access, access);
        return new FlowHosts(flow, network.host(sender), senderAddress, network.host(receiver), receiverAddress,
                options, baseRtt);
    }

    /**
     * The flow's settings with buffers sized: web connections get the web buffer and a short
     * TIME_WAIT (thousands of them come and go); others, with auto buffers, get twice the path's
     * bandwidth-delay product plus its largest queue, within 64 KiB to 64 MiB.
     */
    private static ConnectionOptions options(FlowSpec flow, List<LinkSpec> there, long baseRtt) {
        ConnectionOptions.Builder b = flow.options().toBuilder();
        if (flow.traffic() instanceof TrafficSpec.Web web) {
            return b.sendBufferBytes(web.bufferBytes()).receiveBufferBytes(web.bufferBytes())
                    .timeWaitNanos(WEB_TIME_WAIT_NANOS).build();
        }
        if (!flow.autoBuffers() || PathDelays.slowestRate(there) == 0) {
            return flow.options();
        }
        double bdp = PathDelays.slowestRate(there) / 8.0 * baseRtt / 1e9;
        long wanted = (long) (2 * bdp) + PathDelays.largestQueueBytes(there);
        int buffer = (int) Math.max(MIN_AUTO_BUFFER, Math.min(MAX_AUTO_BUFFER, wanted));
        return b.sendBufferBytes(buffer).receiveBufferBytes(buffer).build();
    }
}
