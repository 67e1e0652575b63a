package io.tcplab.examples.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.KernelPeer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
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
 * <p>The path is not impaired (netem, tc actions and nftables may all be missing from the test
 * machine's kernel): this shows that a plug-in from outside the stack is found, made and put in
 * charge of a real connection to Linux, and that its verdicts are acted on. The emulation test
 * shows that it finds real losses.
 */
class SrttMultipleTunTest {
    private static final int TIMEOUT_S = 120;
    private static final int SIZE = 8 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private KernelPeer peer;

    @BeforeEach
    void setUp() {
        peer = KernelPeer.create("tlex");
    }

    @AfterEach
    void tearDown() {
        if (peer != null) {
            peer.close();
        }
    }

    /** What one {@code tcplab send} of {@link #SIZE} bytes to the kernel reported, and its trace. */
    private record Sent(JsonNode report, Path trace) {
        long markedBy(String detector) throws IOException {
            return Cli.lossesMarkedBy(trace, detector);
        }
    }

    private Sent send(String recovery, int port, Path dir) throws Exception {
        Path trace = dir.resolve("send-" + port + ".csv");
        NamespaceHosts.Host k = peer.host();
        NamespaceHosts.Subnet net = peer.subnet();
        try (ServerSocketChannel server = k.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(port)))) {
            CompletableFuture<String> kernel = CompletableFuture.supplyAsync(() -> sha256OfAll(server));
            Cli cli = Cli.run("send", "--netns", k.name(), "--tun", peer.tun(), "--host-addr", net.cidr(1),
                    "--addr", net.address(2), "--port", String.valueOf(port), "--bytes", "8MiB", "--json",
                    "--recovery", recovery, "--trace", trace.toString());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            JsonNode r = JSON.readTree(cli.out().lines().filter(l -> !l.contains("\"report\":\"stack\"")).findFirst()
                    .orElseThrow());
            assertThat(r.get("recovery").asText()).isEqualTo(recovery);
            assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
            assertThat(r.get("bytesSent").asLong()).isEqualTo(SIZE);
            assertThat(r.get("sha256Sent").asText()).as("what the kernel read")
                    .isEqualTo(kernel.get(TIMEOUT_S, TimeUnit.SECONDS));
            Sent sent = new Sent(r, trace);
            // Whatever was deemed lost was deemed so by the example (or the RTO), never by RACK.
            assertThat(sent.markedBy("rack")).isZero();
            System.out.printf("%s over TUN: %d segments sent, %d retransmitted, %d marked lost by it%n", recovery,
                    r.get("segmentsSent").asLong(), r.get("segmentsRetransmitted").asLong(),
                    sent.markedBy("srtt-multiple"));
            return sent;
        }
    }

    @Test
    void theDefaultRuleCarriesAConnectionToTheKernel(@TempDir Path dir) throws Exception {
        send("srtt-multiple:k=2", 5101, dir);
    }

    /**
     * k = 1 without the floor fires whenever an ACK is later than the mean RTT, which on a real
     * path is about every other round: the trace must show the example's own marks, and the
     * retransmissions they cause, on a path that loses nothing, and Linux must still get every
     * byte in order.
     */
    @Test
    void anEagerRuleShowsItsVerdictsActedOn(@TempDir Path dir) throws Exception {
        Sent sent = send("srtt-multiple:k=1,min=0", 5102, dir);
        assertThat(sent.markedBy("srtt-multiple")).isPositive();
        assertThat(sent.report().get("segmentsRetransmitted").asLong()).isPositive();
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
