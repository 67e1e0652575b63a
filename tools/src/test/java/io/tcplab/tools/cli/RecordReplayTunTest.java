package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.interop.Interop;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcplab send --record} to a kernel listener over TUN, then {@code tcplab replay}: the
 * real run, its timing set by the kernel and the scheduler, replays on virtual time to its last
 * packet; with {@code --out}, it traces the connection the run did not trace and reports it as
 * {@code send --json} did. In a namespace the test makes (docs/test-hosts.md).
 */
class RecordReplayTunTest {
    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void aRecordedSendReplaysToItsLastPacket(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("send.rec");
        Cli send;
        String tun = String.format(Locale.ROOT, "tlrr%06x", ThreadLocalRandom.current().nextInt(1 << 24));
        try (ServerSocketChannel server = k.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(5007)))) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    return Interop.readAll(s);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            send = Cli.run(null, "send", "--netns", k.name(), "--tun", tun, "--host-addr", net.cidr(1), "--addr",
                    net.address(2), "--port", "5007", "--bytes", "4MiB", "--record", recording.toString(), "--json");
            assertThat(send.exitCode()).as(send.err()).isZero();
            assertThat(Long.parseLong(kernel.get(60, TimeUnit.SECONDS)[0])).isEqualTo(4 << 20);
        }

        Cli replay = Cli.run(null, "replay", recording.toString());
        System.out.print(replay.out());
        assertThat(replay.exitCode()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("(tcplab send): identical to the end");
        long packets = Long.parseLong(replay.out().replaceAll("(?s).*to the end: (\\d+) packets.*", "$1"));
        assertThat(packets).as("at least one packet per 64 kB of data").isGreaterThan((4 << 20) / 65536);

        // the run traced nothing; its replay traces and reports the connection as send reported it
        JsonNode sent = new ObjectMapper().readTree(send.out().lines().findFirst().orElseThrow());
        Path out = dir.resolve("replay-out");
        Cli traced = Cli.run(null, "replay", recording.toString(), "--out", out.toString());
        assertThat(traced.exitCode()).as(traced.out() + traced.err()).isZero();
        assertThat(traced.out()).contains("identical to the end: " + packets + " packets");
        JsonNode replayed = new ObjectMapper().readTree(out.resolve("connection-0.json").toFile());
        for (String field : List.of("local", "remote", "bytesSent", "sha256Sent", "bytesReceived", "sha256Received",
                "congestionControl", "mss", "complete")) {
            assertThat(replayed.get(field)).as(field).isEqualTo(sent.get(field));
        }
        List<String> rows = Files.readAllLines(out.resolve("connection-0.csv"));
        assertThat(rows.size() - 1L).isEqualTo(replayed.get("traceRows").asLong())
                .isGreaterThan((4 << 20) / 65536);
        assertThat(out.resolve("connection-0.png")).isNotEmptyFile();

        Cli bad = Cli.run(null, "replay", dir.resolve("none.rec").toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("tcplab replay: ").doesNotContain("\n");
    }
}
