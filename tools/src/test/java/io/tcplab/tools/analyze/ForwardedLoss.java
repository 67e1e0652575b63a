package io.tcplab.tools.analyze;

import io.tcplab.tun.NamespaceHosts;
import java.util.ArrayList;
import java.util.List;

/**
 * Loss the analyze tests put on a path on purpose: a router namespace forwards, and an nftables
 * rule in its forward hook drops some of the data packets (longer than 1000 bytes, so handshakes,
 * ACKs and FINs pass) bound for one address. The table goes with the namespace.
 */
final class ForwardedLoss {
    private ForwardedLoss() {
    }

    /** Makes {@code router} forward and drop the data packets to {@code address} that {@code numgen} selects. */
    static void dropForwardedData(NamespaceHosts.Host router, String address, String... numgen) {
        router.run("sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
        router.run("nft", "add", "table", "ip", "tcplab_loss");
        router.run("nft", "add", "chain", "ip", "tcplab_loss", "drops", "{", "type", "filter", "hook", "forward",
                "priority", "0", ";", "}");
        List<String> rule = new ArrayList<>(List.of("nft", "add", "rule", "ip", "tcplab_loss", "drops", "ip", "daddr",
                address, "meta", "length", ">", "1000", "numgen"));
        rule.addAll(List.of(numgen));
        rule.add("drop");
        router.run(rule.toArray(String[]::new));
    }
}
