package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.traffic.PatternInputStream;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ab --remote} with {@code ab-agent} over a routed path of three namespaces: host A, a router
 * that forwards with the kernel and shapes A-to-B with tc tbf, and host B where the agent runs.
 * Two alternations of kernel reno and tcplab reno: every run's bytes arrive SHA-256-equal at the
 * agent, both go no faster than the router's rate, both sides are sampled, and A keeps no rules.
 */
class RemoteAbTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long RATE_BITS = 40_000_000;
    private static final int BYTES = 4 << 20;

    @Test
    void kernelAndTcplabAlternateOverARoutedShapedPath() throws Exception {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.NFT, "masquerading tcplab's packets on host A");
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host a = hosts.addHost("a");
            NamespaceHosts.Host r = hosts.addHost("router");
            NamespaceHosts.Host b = hosts.addHost("b");
            NamespaceHosts.Link ar = hosts.link(a, r);
            NamespaceHosts.Link rb = hosts.link(r, b);
            a.ip("route", "add", network(rb), "via", ar.bAddress().addressText());
            b.ip("route", "add", network(ar), "via", rb.aAddress().addressText());
            r.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
            r.run("tc", "qdisc", "add", "dev", rb.aDevice(), "root", "tbf", "rate", "40mbit", "burst", "20kb",
                    "latency", "100ms");
            a.run("sysctl", "-qw", "net.ipv4.tcp_congestion_control=reno");

            CompletableFuture<Cli> agent = CompletableFuture.supplyAsync(() -> Cli.run(null, "ab-agent", "--netns",
                    b.name(), "--port", "5300", "--runs", "6"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (b.run("ss", "-ltnH", "sport = :5300").isBlank() && System.nanoTime() < deadline && !agent.isDone()) {
                Thread.sleep(20);
            }
            String bAddr = rb.bAddress().addressText();
            Cli ab = Cli.run(null, "ab", "--remote", bAddr, "--netns", a.name(), "--rounds", "2", "--bytes", "4MiB",
                    "--cc", "reno", "--json");
            assertThat(ab.exitCode()).as(ab.err()).isZero();
            Cli table = Cli.run(null, "ab", "--remote", bAddr + ":5300", "--netns", a.name(), "--rounds", "1",
                    "--bytes", "4MiB", "--cc", "reno");
            System.out.print(table.out());
            assertThat(table.exitCode()).as(table.err()).isZero();
            assertThat(table.out()).contains("round 1 of 1", "A/B reno:count=segments (tcplab profile linux): " + BYTES
                    + " bytes from this host to " + bAddr
                    + " over the real path", "agent, kernel run: " + BYTES + " bytes", "agent, tcplab run: " + BYTES
                    + " bytes", "goodput by round (Mbit/s): kernel ");
            Cli agentDone = agent.get(60, TimeUnit.SECONDS);
            assertThat(agentDone.exitCode()).as(agentDone.err()).isZero();
            assertThat(agentDone.out().lines().filter(l -> l.startsWith("received " + BYTES + " bytes")).count())
                    .as(agentDone.out()).isEqualTo(6);

            String sha = sha256(new PatternInputStream(1, BYTES));
            List<String> lines = ab.out().lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).hasSize(2);
            for (int i = 0; i < 2; i++) {
                JsonNode round = JSON.readTree(lines.get(i));
                System.out.println("round " + (i + 1) + ": kernel " + round.at("/kernel/goodputBitsPerSec").asDouble() / 1e6
                        + " Mbit/s, tcplab " + round.at("/tcplab/goodputBitsPerSec").asDouble() / 1e6 + " Mbit/s");
                assertThat(round.get("round").asInt()).isEqualTo(i + 1);
                assertThat(round.get("remote").asText()).isEqualTo(bAddr);
                for (String side : new String[] {"kernel", "tcplab"}) {
                    JsonNode run = round.get(side);
                    assertThat(run.get("congestionControl").asText()).startsWith("reno");
                    assertThat(run.get("bytes").asLong()).isEqualTo(BYTES);
                    assertThat(round.at("/agent/" + side + "/sha256").asText()).isEqualTo(sha);
                    assertThat(round.at("/agent/" + side + "/sampleBytes").size()).isPositive();
                    assertThat(run.at("/samples/t").size()).as(side + " sender samples").isPositive();
                    assertThat(run.get("goodputBitsPerSec").asDouble()).as(side + ": the router's tbf is the bottleneck")
                            .isPositive().isLessThanOrEqualTo(RATE_BITS * 1.05);
                    assertThat(run.get("linkPackets").asLong()).as("no emulated link").isEqualTo(-1);
                    assertThat(run.at("/outsideDrops/total").asLong()).isZero();
                }
            }
            assertThat(PublishTable.tables(a.name())).as("A's masquerade table after the runs").isEmpty();
        }
    }

    private static String network(NamespaceHosts.Link l) {
        String a = l.aAddress().addressText();
        return a.substring(0, a.lastIndexOf('.')) + ".0/24";
    }

    private static String sha256(InputStream in) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] chunk = new byte[1 << 16];
        for (int n; (n = in.read(chunk)) > 0; ) {
            sha.update(chunk, 0, n);
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
