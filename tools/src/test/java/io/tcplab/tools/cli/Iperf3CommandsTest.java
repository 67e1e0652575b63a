package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tcplab serve --iperf3} and {@code tcplab send --iperf3 HOST} against stock iperf3 in a
 * fresh namespace that holds the TUN's kernel side. Root and iperf3 (CI has both); skips elsewhere.
 */
class Iperf3CommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;
    private String tun;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.IPERF3, "iperf3 interop");
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
        tun = String.format(Locale.ROOT, "tlip%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    private String[] endpoint(String command, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(command, "--netns", k.name(), "--tun", tun,
                "--host-addr", net.cidr(1), "--addr", net.address(2)));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void stockClientAgainstServe() throws Exception {
        CompletableFuture<Cli> serve = CompletableFuture.supplyAsync(
                () -> Cli.run(null, endpoint("serve", "--iperf3", "--connections", "1", "--json", "--time", "60s")));
        CommandResult client = null;
        for (int attempt = 0; attempt < 50; attempt++) { // until serve has its device up
            client = k.exec(Duration.ofSeconds(30), "iperf3", "-c", net.address(2), "-t", "1", "-R", "-J");
            // iperf3 -J reports "Network is unreachable" in its JSON until our device is up
            if (client.ok() && !client.stdout().contains("\"error\"") || serve.isDone()) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(client.ok()).as("iperf3 -c: %s %s", client.stdout(), client.stderr()).isTrue();
        JsonNode theirs = JSON.readTree(client.stdout());
        assertThat(theirs.has("error")).as(client.stdout()).isFalse();
        assertThat(theirs.path("end").path("sum_received").path("bytes").asLong()).as(client.stdout()).isPositive();
        Cli cli = serve.get(60, TimeUnit.SECONDS);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode ours = JSON.readTree(cli.out().lines().findFirst().orElseThrow());
        assertThat(ours.has("end")).as(cli.out()).isTrue();
        assertThat(ours.has("error")).isFalse();
        // -R: the kernel's ACKs come back one per frame, our data goes out in super-segments
        assertThat(ours.path("device").path("offload").asText()).as(cli.out()).isEqualTo("on");
        assertThat(ours.path("device").path("packetsPerWrite").asDouble()).as(cli.out()).isGreaterThan(1);
        assertThat(ours.path("device").path("writeDrops").isIntegralNumber()).as("device losses reported").isTrue();
        assertThat(ours.path("device").path("malformedFrames").asLong(-1)).isZero();
    }

    @Test
    void sendAgainstStockServer() throws Exception {
        Process server = k.start("iperf3", "-s", "-1", "-J"); // not -B: the address arrives with our device
        Cli cli = Cli.run(null, endpoint("send", "--iperf3", net.address(1), "--time", "1s", "--parallel", "2",
                "--json", "--offload", "off"));
        assertThat(cli.exitCode()).as(cli.err() + cli.out()).isZero();
        assertThat(cli.err()).contains("offloads off");
        JsonNode ours = JSON.readTree(cli.out().lines().findFirst().orElseThrow());
        assertThat(ours.path("device").path("offload").asText()).isEqualTo("off");
        assertThat(ours.path("device").path("packetsPerWrite").asDouble()).as("one packet per write").isEqualTo(1.0);
        assertThat(ours.path("end").path("sum_sent").path("bytes").asLong()).isPositive();
        assertThat(server.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String theirs = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(server.exitValue()).as(theirs).isZero();
        assertThat(JSON.readTree(theirs).path("end").path("sum_received").path("bytes").asLong()).isPositive();
    }

    @Test
    void iperf3OptionsNeedTheirMode() {
        Cli cli = Cli.run(null, "send", "--reverse");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().contains("--iperf3");
    }
}
