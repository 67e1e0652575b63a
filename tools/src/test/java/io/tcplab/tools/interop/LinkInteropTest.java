package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance of issue 3, through the link: tcplab and the kernel's TCP on either side of the
 * {@code tcplab link} bridge ({@link BridgeTopology} + {@link LinkBridge}), IPv4 and IPv6.
 *
 * <pre>
 *  left ns (forwarding on)                                              right ns
 *  tcplab send  S.2 ── TUN S.1 ─┐
 *                               ├─ L.1 TUN A ══ LinkBridge ══ TUN B R.1 ─ kernel listener / kernel client
 *  tcplab serve V.2 ── TUN V.1 ─┘                                 routes S/64 and V/64 (or /24) via B
 * </pre>
 *
 * Each run moves data both ways at once over one bridge: {@code tcplab send} to a kernel listener
 * in the right namespace (data left to right) and a kernel client there to {@code tcplab serve}
 * (data right to left); both check SHA-256.
 *
 * <ul>
 * <li>1% random loss each way and 50 ms RTT (25 ms each way): any TCP gets about
 * MSS/RTT·1.22/√p ≈ 2.8 Mbit/s there (Mathis), so 2 MiB each way, a few seconds.
 * <li>A delay change mid-transfer: 10 ms RTT, 300 ms from 1.5 s, 10 ms again from 3 s (bridge
 * time), at 20 Mbit/s each way; each side sends for 4.5 s, so the transfers span both changes (checked
 * against the bridge's clock, and tcplab's own srtt in its trace must see the 300 ms).
 * </ul>
 *
 * Runs as root (CI); skips with the reason elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1.
 */
class LinkInteropTest {
    private static final int TIMEOUT_S = 90;
    private static final long RATE = 20_000_000;

    /** The addresses of one family: left and right on the bridge, and the two tcplab devices' subnets. */
    enum Family {
        IPV4("10.77.1.1/24", "10.77.2.1/24", "10.77.3.1/24", "10.77.3.2", "10.77.4.1/24", "10.77.4.2"),
        IPV6("fd00:77:1::1/64", "fd00:77:2::1/64", "fd00:77:3::1/64", "fd00:77:3::2", "fd00:77:4::1/64",
                "fd00:77:4::2");

        final String left;
        final String right;
        final String sendHost;
        final String sendAddr;
        final String serveHost;
        final String serveAddr;

        Family(String left, String right, String sendHost, String sendAddr, String serveHost, String serveAddr) {
            this.left = left;
            this.right = right;
            this.sendHost = sendHost;
            this.sendAddr = sendAddr;
            this.serveHost = serveHost;
            this.serveAddr = serveAddr;
        }

        String rightAddr() {
            return right.substring(0, right.indexOf('/'));
        }
    }

    private NamespaceHosts hosts;
    private NamespaceHosts.Host left;
    private NamespaceHosts.Host right;
    private LinkBridge bridge;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        left = hosts.addHost("left");
        right = hosts.addHost("right");
        // the left namespace routes between tcplab's devices and TUN A
        left.run("sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
        left.run("sysctl", "-q", "-w", "net.ipv6.conf.all.forwarding=1");
    }

    @AfterEach
    void tearDown() {
        try {
            if (bridge != null) {
                bridge.close();
                assertThat(bridge.failure()).isNull();
            }
        } finally {
            if (hosts != null) {
                hosts.close();
            }
        }
    }

    private void startBridge(Family f, LinkParams forward, LinkParams reverse, LinkSchedule fs, LinkSchedule rs) {
        BridgeTopology.Devices d = BridgeTopology.open(left.name(), f.left, Interop.deviceName("tlla"), right.name(),
                f.right, Interop.deviceName("tllb"), 1500);
        bridge = LinkBridge.builder(d.a(), d.b()).forward(forward).reverse(reverse).forwardSchedule(fs)
                .reverseSchedule(rs).names("left->right", "right->left").seed(7).threadName("tcplab-interop-link")
                .start();
        for (String host : List.of(f.sendHost, f.serveHost)) {
            right.ip("route", "add", BridgeTopology.network(io.tcplab.tun.InterfaceAddress.parse(host)), "dev",
                    d.b().name());
        }
    }

    /** What one bidirectional run measured. */
    private record Result(JsonNode send, JsonNode serve, double sendEndS, double serveEndS, double startS) {
    }

    /**
     * tcplab send → kernel listener (port 5301) and kernel client → tcplab serve (port 5302) at once;
     * {@code bytes} each, or for {@code nanos} when bytes is negative.
     */
    private Result both(Family f, long bytes, long nanos, Path trace) throws Exception {
        ServerSocketChannel server = Interop.listen(right, null, 5301);
        CompletableFuture<String[]> kernelReceived = Interop.kernelReceive(server);
        double startS = bridge.elapsedNanos() / 1e9;
        List<String> send = new ArrayList<>(List.of("send", "--netns", left.name(), "--tun",
                Interop.deviceName("tlis"), "--host-addr", f.sendHost, "--addr", f.sendAddr, "--peer", f.rightAddr(),
                "--port", "5301", "--json", "--trace", trace.toString()));
        send.addAll(bytes >= 0 ? List.of("--bytes", Long.toString(bytes)) : List.of("--time", nanos / 1_000_000 + "ms"));
        CompletableFuture<Interop.Run> sendRun = Interop.cliAsync(send);
        CompletableFuture<Interop.Run> serveRun = Interop.cliAsync(List.of("serve", "--netns", left.name(), "--tun",
                Interop.deviceName("tliv"), "--host-addr", f.serveHost, "--addr", f.serveAddr, "--port", "5302",
                "--connections", "1", "--json", "--time", TIMEOUT_S + "s"));
        CompletableFuture<String[]> kernelSent = CompletableFuture.supplyAsync(() -> {
            try {
                return Interop.kernelSend(right, f.serveAddr, 5302, bytes, nanos, 21, serveRun);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Interop.Run s = sendRun.get(TIMEOUT_S, TimeUnit.SECONDS);
        double sendEnd = bridge.elapsedNanos() / 1e9;
        String[] received = kernelReceived.get(TIMEOUT_S, TimeUnit.SECONDS);
        String[] sent = kernelSent.get(TIMEOUT_S, TimeUnit.SECONDS);
        Interop.Run v = serveRun.get(TIMEOUT_S, TimeUnit.SECONDS);
        double serveEnd = bridge.elapsedNanos() / 1e9;
        s.assertOk();
        v.assertOk();
        JsonNode sr = s.onlyReport();
        JsonNode vr = v.onlyReport();
        assertThat(sr.get("complete").asBoolean()).as(sr.toString()).isTrue();
        assertThat(sr.get("bytesSent").asLong()).isEqualTo(Long.parseLong(received[0])).isPositive();
        assertThat(sr.get("sha256Sent").asText()).as("tcplab send -> kernel, SHA-256").isEqualTo(received[1]);
        assertThat(vr.get("complete").asBoolean()).as(vr.toString()).isTrue();
        assertThat(vr.get("bytesReceived").asLong()).isEqualTo(Long.parseLong(sent[0])).isPositive();
        assertThat(vr.get("sha256Received").asText()).as("kernel -> tcplab serve, SHA-256").isEqualTo(sent[1]);
        if (bytes >= 0) {
            assertThat(sr.get("bytesSent").asLong()).isEqualTo(bytes);
            assertThat(vr.get("bytesReceived").asLong()).isEqualTo(bytes);
        }
        System.out.printf(Locale.ROOT, "  tcplab send -> kernel: %d bytes, %.2f Mbit/s, %d retransmitted, srtt %.1f ms%n",
                sr.get("bytesSent").asLong(), sr.get("goodputBitsPerSec").asDouble() / 1e6,
                sr.get("segmentsRetransmitted").asLong(), sr.get("finalSrttMillis").asDouble());
        System.out.printf(Locale.ROOT, "  kernel -> tcplab serve: %d bytes, %.2f Mbit/s%n",
                vr.get("bytesReceived").asLong(), vr.get("goodputBitsPerSec").asDouble() / 1e6);
        System.out.println("  " + bridge.forward().line());
        System.out.println("  " + bridge.reverse().line());
        return new Result(sr, vr, sendEnd, serveEnd, startS);
    }

    @ParameterizedTest
    @EnumSource(Family.class)
    void onePercentLossAndFiftyMillisecondRtt(Family f, @TempDir Path dir) throws Exception {
        LinkParams p = LinkParams.of().setDelayNanos(25_000_000L).setLossProbability(0.01);
        startBridge(f, p, p.copy(), new LinkSchedule(List.of()), new LinkSchedule(List.of()));
        System.out.printf(Locale.ROOT, "%s, 1%% loss each way, 50 ms RTT, 2 MiB each way:%n", f);
        both(f, 2 << 20, 0, dir.resolve("trace.csv"));
        assertThat(bridge.forward().lost()).as("the link dropped some of tcplab's data").isPositive();
        assertThat(bridge.reverse().lost()).as("the link dropped some of the kernel's data").isPositive();
    }

    @ParameterizedTest
    @EnumSource(Family.class)
    void delayChangeMidTransfer(Family f, @TempDir Path dir) throws Exception {
        LinkParams p = LinkParams.of().setRateBitsPerSec(RATE).setQueueLimit(Limit.bytes(1 << 20))
                .setDelayNanos(5_000_000L);
        LinkSchedule change = LinkSchedule.parse("delay=150ms@1.5s,delay=5ms@3s");
        startBridge(f, p, p.copy(), change, change);
        System.out.printf(Locale.ROOT, "%s, 20 Mbit/s, RTT 10 ms, 300 ms from 1.5 s, 10 ms from 3 s, 4.5 s each way:%n",
                f);
        Path trace = dir.resolve("trace.csv");
        Result r = both(f, -1, 4_500_000_000L, trace);
        System.out.printf(Locale.ROOT, "  bridge time: start %.2f s, send done %.2f s, serve done %.2f s%n", r.startS(),
                r.sendEndS(), r.serveEndS());
        assertThat(r.startS()).as("started before the first change").isLessThan(1.0);
        assertThat(Math.min(r.sendEndS(), r.serveEndS())).as("ended after the second change").isGreaterThan(3.2);
        double maxSrtt = Files.readAllLines(trace).stream().skip(1).mapToDouble(l -> Double.parseDouble(l.split(",")[3]))
                .max().orElse(0);
        System.out.printf(Locale.ROOT, "  tcplab send's largest srtt in its trace: %.1f ms%n", maxSrtt);
        assertThat(maxSrtt).as("tcplab's srtt followed the 300 ms RTT").isGreaterThan(200);
    }
}
