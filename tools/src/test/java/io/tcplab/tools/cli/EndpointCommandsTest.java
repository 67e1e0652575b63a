package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.interop.Interop;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcplab serve} and {@code tcplab send}, run in-process, against the kernel's TCP in a fresh
 * namespace that holds the TUN device's kernel side (10.77.N.1/24; tcplab owns 10.77.N.2). Runs as
 * root (CI); skips with the reason elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1 makes that a failure.
 */
class EndpointCommandsTest {
    private static final int TIMEOUT_S = 120;
    private static final Duration TSHARK_LIMIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;
    private String tun;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
        tun = String.format(Locale.ROOT, "tlsv%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    private List<String> endpointArgs(String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, "--netns", k.name(), "--tun", tun, "--host-addr",
                net.cidr(1), "--addr", net.address(2)));
        args.addAll(List.of(more));
        return args;
    }

    private CompletableFuture<Cli> start(List<String> args) {
        return CompletableFuture.supplyAsync(() -> Cli.run(null, args.toArray(String[]::new)));
    }

    @Test
    void kernelClientToServeSink() throws Exception {
        int size = 32 << 20;
        byte[] data = random(size, 1);
        CompletableFuture<Cli> serve = start(endpointArgs("serve", "--port", "5001", "--connections", "1", "--json",
                "--time", TIMEOUT_S + "s"));

        long t0 = System.nanoTime();
        try (SocketChannel s = connect(net.address(2), 5001, serve)) {
            writeAll(s, data);
            s.shutdownOutput();
            assertThat(s.read(ByteBuffer.allocate(16))).as("the sink sends only its FIN").isEqualTo(-1);
        }
        Cli cli = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = onlyReport(cli);
        System.out.printf("kernel -> tcplab serve: %d bytes, %.1f Mbit/s by the report, %.1f Mbit/s by the clock%n",
                size, r.get("goodputBitsPerSec").asDouble() / 1e6, size * 8 / seconds / 1e6);
        assertThat(r.get("role").asText()).isEqualTo("serve");
        assertThat(r.get("mode").asText()).isEqualTo("sink");
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(size);
        assertThat(r.get("sha256Received").asText()).isEqualTo(sha256(data));
        assertThat(r.get("bytesSent").asLong()).isZero();
        assertThat(r.get("remote").asText()).startsWith(net.address(1) + ":");
        assertThat(r.get("finalSrttMillis").asDouble()).isPositive();
        assertThat(r.get("finalCwndBytes").asLong()).isPositive();
        assertThat(r.has("rtoCount") && r.has("segmentsRetransmitted")).isTrue();
        assertThat(r.path("device").path("offload").asText()).as("offloads are on by default").isEqualTo("on");
        assertThat(r.path("device").path("superSegmentsRead").asLong()).as(r.toString()).isPositive();
        assertDeviceGone();
    }

    @Test
    void sendToKernelListener() throws Exception {
        int size = 32 << 20;
        try (ServerSocketChannel server = listen(5002)) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> readAllAndClose(server));
            long t0 = System.nanoTime();
            Cli cli = Cli.run(null, endpointArgs("send", "--port", "5002", "--bytes", "32MiB", "--json", "--no-sack")
                    .toArray(String[]::new));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            String[] got = kernel.get(TIMEOUT_S, TimeUnit.SECONDS);
            JsonNode r = onlyReport(cli);
            System.out.printf("tcplab send -> kernel: %d bytes, %.1f Mbit/s by the report, %.1f Mbit/s with setup%n",
                    size, r.get("goodputBitsPerSec").asDouble() / 1e6, size * 8 / seconds / 1e6);
            assertThat(Long.parseLong(got[0])).isEqualTo(size);
            assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
            assertThat(r.get("bytesSent").asLong()).isEqualTo(size);
            assertThat(r.get("sha256Sent").asText()).isEqualTo(got[1]);
            assertThat(r.get("sack").asBoolean()).as("a shared connection option arrives").isFalse();
        }
        assertDeviceGone();
    }

    @Test
    void echoRoundTrip() throws Exception {
        int size = 8 << 20;
        byte[] data = random(size, 3);
        CompletableFuture<Cli> serve = start(endpointArgs("serve", "--port", "5003", "--echo", "--connections", "1",
                "--json", "--time", TIMEOUT_S + "s"));
        byte[] back = new byte[size];
        try (SocketChannel s = connect(net.address(2), 5003, serve)) {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    writeAll(s, data);
                    s.shutdownOutput();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            ByteBuffer in = ByteBuffer.wrap(back);
            while (in.hasRemaining() && s.read(in) >= 0) {
                // fill
            }
            writer.get(TIMEOUT_S, TimeUnit.SECONDS);
            assertThat(s.read(ByteBuffer.allocate(16))).isEqualTo(-1);
        }
        assertThat(sha256(back)).isEqualTo(sha256(data));
        Cli cli = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = onlyReport(cli);
        assertThat(r.get("mode").asText()).isEqualTo("echo");
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(size);
        assertThat(r.get("bytesSent").asLong()).isEqualTo(size);
        assertThat(r.get("sha256Sent").asText()).isEqualTo(sha256(data)).isEqualTo(r.get("sha256Received").asText());
    }

    @Test
    void serveSourceSendsToEachClient() throws Exception {
        CompletableFuture<Cli> serve = start(endpointArgs("serve", "--port", "5004", "--source", "1MiB",
                "--connections", "2", "--json", "--time", TIMEOUT_S + "s"));
        List<String> digests = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            try (SocketChannel s = connect(net.address(2), 5004, serve)) {
                s.shutdownOutput();
                String[] got = Interop.readAll(s);
                assertThat(got[0]).isEqualTo(String.valueOf(1 << 20));
                digests.add(got[1]);
            }
        }
        Cli cli = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<JsonNode> reports = reports(cli);
        assertThat(reports).hasSize(2);
        assertThat(reports).allSatisfy(r -> assertThat(r.get("complete").asBoolean()).isTrue());
        assertThat(reports.stream().map(r -> r.get("sha256Sent").asText()).toList())
                .containsExactlyInAnyOrderElementsOf(digests);
    }

    @Test
    void pcapHoldsEveryPacketAndTsharkReadsIt(@TempDir Path dir) throws Exception {
        Requires.libpcap("serve and send --pcap");
        Requires.tool(SystemTools.Tool.TSHARK, "reading the capture back");
        Path pcap = dir.resolve("send.pcap");
        Path trace = dir.resolve("send.csv");
        try (ServerSocketChannel server = listen(5005)) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> readAllAndClose(server));
            Cli cli = Cli.run(null, endpointArgs("send", "--port", "5005", "--bytes", "1MiB", "--pcap", pcap.toString(),
                    "--trace", trace.toString()).toArray(String[]::new));
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.out()).contains("sent").contains("goodput");
            assertThat(kernel.get(TIMEOUT_S, TimeUnit.SECONDS)[0]).isEqualTo(String.valueOf(1 << 20));
        }
        assertThat(Files.size(pcap)).isGreaterThan((1 << 20) + 24);
        List<String> csv = Files.readAllLines(trace);
        assertThat(csv.get(0)).startsWith("time_s,cwnd");
        assertThat(csv).hasSizeGreaterThan(100);
        assertThat(Double.parseDouble(csv.get(1).split(",")[0])).as("trace times start at the connection")
                .isLessThan(10);

        CommandResult stat = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString(), "-q", "-z", "io,stat,0");
        assertThat(stat.ok()).as(stat.stderr()).isTrue();
        assertThat(stat.stdout()).contains("Frames");
        long syns = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString(), "-Y", "tcp.flags.syn == 1").stdout().lines().count();
        long fins = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString(), "-Y", "tcp.flags.fin == 1").stdout().lines().count();
        long all = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString()).stdout().lines().count();
        assertThat(syns).as("SYN and SYN-ACK").isEqualTo(2);
        assertThat(fins).as("a FIN each way").isGreaterThanOrEqualTo(2);
        assertThat(all).isGreaterThan(700); // 1 MiB in 1448-byte segments, plus ACKs
        CommandResult expert = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString(), "-q", "-z", "expert");
        assertThat(expert.ok()).as(expert.stderr()).isTrue();
        assertThat(expert.stdout()).doesNotContainIgnoringCase("malformed");
        CommandResult bad = Interop.tshark(TSHARK_LIMIT, "-r", pcap.toString(), "-Y", "_ws.malformed || _ws.expert.severity == error");
        assertThat(bad.stdout().strip()).isEmpty();
        System.out.printf("pcap: %d packets, %d SYN, %d FIN, %d bytes%n", all, syns, fins, Files.size(pcap));
    }

    @Test
    void setupFailuresAreOneLineAndLeaveNothingBehind() {
        // no such namespace: nothing gets created
        Cli noNs = Cli.run(null, "serve", "--netns", "tcplab-none-" + tun, "--tun", tun, "--time", "1s");
        assertOneLineFailure(noNs, "tcplab serve: no network namespace named tcplab-none-" + tun);

        // a name in use
        Cli inUse = Cli.run(null, "send", "--netns", k.name(), "--tun", "lo", "--bytes", "1");
        assertOneLineFailure(inUse, "tcplab send: cannot create TUN device lo");
        assertThat(inUse.errLines()[0]).contains("in use");

        // an address ip refuses once the device exists: the device must go again
        k.run("sysctl", "-q", "-w", "net.ipv6.conf.default.disable_ipv6=1");
        Cli refused = Cli.run(null, "serve", "--netns", k.name(), "--tun", tun, "--host-addr", "fd00:77::1/64",
                "--time", "1s");
        assertOneLineFailure(refused, "tcplab serve: ");
        assertThat(refused.errLines()[0]).contains("cannot add address fd00:77:").contains("IPv6 is disabled");
        assertDeviceGone();
        assertThat(k.ip("-br", "link").lines().map(l -> l.split("\\s+")[0]).toList()).containsExactly("lo");
    }

    @Test
    void serveStopsWhenItsTimeIsUp() {
        long t0 = System.nanoTime();
        Cli cli = Cli.run(null, endpointArgs("serve", "--time", "300ms").toArray(String[]::new));
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).startsWith("tcplab serve: listening on " + net.address(2) + ":5001, sink (device " + tun);
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
        assertDeviceGone();
    }

    // ================================================================ helpers

    private static void assertOneLineFailure(Cli cli, String start) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(1);
        assertThat(cli.errLines()).as(cli.err()).hasSize(1);
        assertThat(cli.errLines()[0]).startsWith(start);
    }

    private void assertDeviceGone() {
        assertThat(k.exec("ip", "link", "show", "dev", tun).ok()).as("device %s removed", tun).isFalse();
    }

    private ServerSocketChannel listen(int port) {
        return k.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(port)));
    }

    /** Connects from inside the namespace, retrying while the command is still setting up its device. */
    private SocketChannel connect(String address, int port, CompletableFuture<Cli> command) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return k.inside(() -> SocketChannel.open(new InetSocketAddress(address, port)));
            } catch (RuntimeException e) {
                if (command.isDone()) {
                    Cli cli = command.get();
                    fail("the command ended before it accepted: exit " + cli.exitCode() + ": " + cli.err());
                }
                if (System.nanoTime() - end > 0) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    private static String[] readAllAndClose(ServerSocketChannel server) {
        try (SocketChannel s = server.accept()) {
            return Interop.readAll(s);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }


    private static void writeAll(SocketChannel s, byte[] data) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(data);
        while (b.hasRemaining()) {
            s.write(b);
        }
    }

    /** The per-connection reports; serve's closing stack report ({@code "report":"stack"}) is not one. */
    private static List<JsonNode> reports(Cli cli) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : cli.out().split("\n")) {
            if (!line.isBlank()) {
                JsonNode node = JSON.readTree(line);
                if (!node.has("report")) {
                    out.add(node);
                }
            }
        }
        return out;
    }

    private static JsonNode onlyReport(Cli cli) throws IOException {
        List<JsonNode> r = reports(cli);
        assertThat(r).as(cli.out()).hasSize(1);
        return r.get(0);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    private static String sha256(byte[] data) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
