package io.tcplab.tools.scenario;

import java.util.List;

/**
 * The names the runner gives what it adds for each flow: its sender host {@code NAME-s} and
 * receiver host {@code NAME-r}, and their access links, named as {@link io.tcplab.tools.emu.Network#connect}
 * names them ({@code "NAME-s->left"}, {@code "left->NAME-s"}, {@code "right->NAME-r"}, {@code "NAME-r->right"}).
 */
public final class ScenarioNames {
    private ScenarioNames() {
    }

    public static String sender(FlowSpec flow) {
        return flow.name() + "-s";
    }

    public static String receiver(FlowSpec flow) {
        return flow.name() + "-r";
    }

    /** Sender uplink, sender downlink, receiver downlink, receiver uplink. */
    public static List<String> accessLinks(FlowSpec flow) {
        return List.of(sender(flow) + "->" + flow.from(), flow.from() + "->" + sender(flow),
                flow.to() + "->" + receiver(flow), receiver(flow) + "->" + flow.to());
    }
}
