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
        FlowPath path = FlowPath.of(topology, flow);
        LinkParams access = topology.access();
        ConnectionOptions options = path.options(flow);
        byte[] senderAddress = Dumbbell.senderAddress(index);
        byte[] receiverAddress = Dumbbell.receiverAddress(index);
        String sender = ScenarioNames.sender(flow);
        String receiver = ScenarioNames.receiver(flow);
        network.addHost(sender, senderAddress, StackHost.factory(
                TransferRunner.stackConfig(seed, senderAddress, sender, options, -1, !payload)));
        network.addHost(receiver, receiverAddress, StackHost.factory(
                TransferRunner.stackConfig(seed, receiverAddress, receiver, options, -1, !payload)));
        LinkParams senderAccess = access.copy().setDelayNanos(path.senderDelayNanos());
        network.connect(sender, flow.from(), senderAccess, senderAccess);
        // the access links' jitter is the sender's random processing time: one draw each way, as
        // real mode's access bridge (which carries both access delays) gives it
        LinkParams receiverAccess = access.jitterNanos() == 0 ? access : access.copy().setJitterNanos(0);
        network.connect(flow.to(), receiver, receiverAccess, receiverAccess);
        return new FlowHosts(flow, network.host(sender), senderAddress, network.host(receiver), receiverAddress,
                options, path.baseRttNanos());
    }
}
