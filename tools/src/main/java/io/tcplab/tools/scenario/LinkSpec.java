package io.tcplab.tools.scenario;

import io.tcplab.tools.link.LinkParams;

/** One named one-way link between two routers of a scenario's topology. */
public record LinkSpec(String name, String from, String to, LinkParams params) {
}
