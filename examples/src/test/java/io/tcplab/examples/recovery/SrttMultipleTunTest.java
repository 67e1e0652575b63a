package io.tcplab.examples.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.TestHosts;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example detector by its spec in {@code tcplab send}, run in-process, over a TUN device to
 * the kernel's TCP in a fresh namespace (10.77.N.1 the kernel, 10.77.N.2 tcplab), as the tools
 * module's EndpointCommandsTest does. Runs as root (CI); skips with the reason and the Debian
 * package elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1 makes that a failure.
 *
 * <p>The path is not impaired: this shows that a plug-in from outside the stack is found, made
 * and put in charge of a real connection to Linux, and that it does not break it. The emulation
 * test shows that it finds losses.
 */
class SrttMultipleTunTest {
    private static final int TIMEOUT_S = 120;
    private static final int SIZE = 8 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private TestHosts hosts;
    private TestHosts.Host k;
    private TestHosts.Subnet net;
    private String tun;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = TestHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
        tun = String.format(Locale.ROOT, "tlex%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void sendToTheKernelWithTheExampleDetector(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("send.csv");
        try (ServerSocketChannel server = k.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(5101)))) {
            CompletableFuture<String> kernel = CompletableFuture.supplyAsync(() -> sha256OfAll(server));
            Cli cli = Cli.run("send", "--netns", k.name(), "--tun", tun, "--host-addr", net.cidr(1),
                    "--addr", net.address(2), "--port", "5101", "--bytes", "8MiB", "--json",
                    "--recovery", "srtt-multiple:k=2", "--trace", trace.toString());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            JsonNode r = JSON.readTree(cli.out().lines().filter(l -> !l.contains("\"report\":\"stack\"")).findFirst()
                    .orElseThrow());
            assertThat(r.get("recovery").asText()).isEqualTo("srtt-multiple:k=2");
            assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
            assertThat(r.get("bytesSent").asLong()).isEqualTo(SIZE);
            assertThat(r.get("sha256Sent").asText()).isEqualTo(kernel.get(TIMEOUT_S, TimeUnit.SECONDS));
            // Whatever was deemed lost was deemed so by the example (or the RTO), never by RACK.
            assertThat(Cli.lossesMarkedBy(trace, "rack")).isZero();
            System.out.printf("srtt-multiple over TUN: %d segments sent, %d retransmitted, %d marked lost by it%n",
                    r.get("segmentsSent").asLong(), r.get("segmentsRetransmitted").asLong(),
                    Cli.lossesMarkedBy(trace, "srtt-multiple"));
        }
    }

    /** The kernel's side: reads one connection to its end and returns the SHA-256 of what came. */
    private static String sha256OfAll(ServerSocketChannel server) {
        try (SocketChannel s = server.accept()) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            while (s.read(buf) >= 0) {
                buf.flip();
                sha.update(buf);
                buf.clear();
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
