package io.tcplab.tools.scenario;

import io.tcplab.tools.link.LinkSchedule;

/** Timed changes of one named link (any link of the network, access links included). */
public record LinkEvent(String link, LinkSchedule schedule) {
}
