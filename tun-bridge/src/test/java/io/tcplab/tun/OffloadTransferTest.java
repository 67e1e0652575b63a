package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tun.KernelTransferTest.Digest;
import io.tcplab.tun.testing.Requires;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TUN device with offloads on a router namespace {@code r} that forwards to the kernel's TCP in
 * {@code k} over a veth pair whose {@code r} end has transmit checksumming (and so segmentation)
 * off: the super-segments tcplab writes are cut and checksummed by {@code r}'s kernel in software
 * before they reach the wire, where tcpdump records them; {@code k}'s TSO super-segments reach
 * tcplab through the device as frames the driver splits. 32 MiB each way, checked by length and
 * SHA-256; the wire capture checked by tshark with checksum validation on (no bad checksums, no
 * malformed packets, no segment longer than the MSS). And IPv6 both ways between tcplab and the
 * kernel's TCP on the device's own namespace (TSO6 super-segments each way). Runs as root (CI);
 * skips with the reason elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1.
 */
class OffloadTransferTest {
    private static final int SIZE = 32 << 20;
    private static final int MSS = 1460;
    private static final long TIMEOUT_S = 60;

    private NamespaceHosts hosts;
    private NamespaceHosts.Host r;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Link wire;
    private NamespaceHosts.Subnet net;
    private RealTimeDriver driver;
    private Process capture;
    private final byte[] data = new byte[SIZE];

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.ETHTOOL, "turning checksum offload off on the wire side");
        Requires.tool(SystemTools.Tool.TCPDUMP, "capturing the wire side");
        Requires.tool(SystemTools.Tool.TSHARK, "checking the wire side's checksums");
        new SplittableRandom(10).nextBytes(data);
        hosts = NamespaceHosts.create();
        r = hosts.addHost("r");
        k = hosts.addHost("k");
        wire = hosts.link(r, k);
        net = hosts.subnet();
        r.run("sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
        k.ip("route", "add", net.toString(), "via", wire.aAddress().addressText());
        r.run("ethtool", "-K", wire.aDevice(), "tx", "off");
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close(); // the namespaces take the device and tcpdump along
        }
    }

    @Test
    void bothWaysThroughOffloadsWithACleanWire(@TempDir Path dir) throws Exception {
        TunDevice tun = r.tun().name("tl0").address(net.cidr(1)).mtu(1500).offload(true).open();
        assertThat(tun.vnetHeader()).as("offloads refused: %s", tun.offloadRefusal()).isTrue();
        driver = RealTimeDriver.start(tun, StackConfig.builder(RandomSource.seeded(10))
                .address(InterfaceAddress.parseAddress(net.address(2))).build());
        try (RealTimeDriver d = driver) {
            transferBothWays(dir);
        }
        assertThat(driver.failure()).isNull();
    }

    private void transferBothWays(Path dir) throws Exception {
        Path pcap = dir.resolve("wire.pcap");
        startCapture(pcap);
        String kernel = wire.bAddress().addressText();

        ServerSocketChannel server = k.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(kernel, 5002)));
        try (server) {
            CompletableFuture<Digest> kernelGot = CompletableFuture.supplyAsync(() -> KernelTransferTest.readAll(server));
            CompletableFuture<ConnectionInfo> closed = new CompletableFuture<>();
            driver.execute(() -> driver.stack().connect(driver.now(), InterfaceAddress.parseAddress(kernel), 5002, null,
                    new KernelTransferTest.Writer(data, closed)));
            Digest got = kernelGot.get(TIMEOUT_S, TimeUnit.SECONDS);
            assertThat(got.bytes()).isEqualTo(SIZE);
            assertThat(got.sha256()).isEqualTo(KernelTransferTest.sha256(data));
        }
        assertThat(driver.superSegmentsWritten()).as("super-segments tcplab wrote").isGreaterThan(0);
        assertThat(driver.writeCalls()).as("writes for %d packets", driver.packetsOut())
                .isLessThan(driver.packetsOut() / 4);

        Path file = dir.resolve("payload");
        Files.write(file, data);
        CompletableFuture<Digest> received = new CompletableFuture<>();
        driver.call(() -> driver.stack().listen(5001, null, (c, now) -> new KernelTransferTest.DigestingReader(received)));
        CommandResult sent = k.exec(Duration.ofSeconds(TIMEOUT_S), "bash", "-c",
                "exec 3<>/dev/tcp/" + net.address(2) + "/5001 && cat " + file + " >&3");
        assertThat(sent.ok()).as("bash client: %s", sent.stderr()).isTrue();
        Digest got = received.get(TIMEOUT_S, TimeUnit.SECONDS);
        assertThat(got.bytes()).isEqualTo(SIZE);
        assertThat(got.sha256()).isEqualTo(KernelTransferTest.sha256(data));
        assertThat(driver.superSegmentsRead()).as("super-segments the kernel handed over").isGreaterThan(0);

        Map<DropReason, Long> drops = driver.call(() -> driver.stack().stats().dropsByReason());
        assertThat(drops.getOrDefault(DropReason.BAD_TCP_CHECKSUM, 0L)).as("drops %s", drops).isZero();
        assertThat(drops.getOrDefault(DropReason.BAD_IP_CHECKSUM, 0L)).isZero();
        assertThat(driver.malformedFrames()).isZero();
        assertThat(KernelTransferTest.kernelTcpCounters(k).get("InCsumErrors")).isZero();
        stopCapture();
        checkWire(pcap);
    }

    @Test
    void ipv6BothWaysThroughOffloads(@TempDir Path dir) throws Exception {
        String prefix = "fd00:77:" + Integer.toHexString(net.index()) + "::";
        TunDevice tun6 = r.tun().name("tl6").address(prefix + "1/64").mtu(1500).offload(true).open();
        try (RealTimeDriver d = RealTimeDriver.start(tun6, StackConfig.builder(RandomSource.seeded(6))
                .address(InterfaceAddress.parseAddress(prefix + "2")).build())) {
            ServerSocketChannel server = r.inside(() -> ServerSocketChannel.open()
                    .bind(new InetSocketAddress(prefix + "1", 5006)));
            try (server) {
                CompletableFuture<Digest> kernelGot = CompletableFuture.supplyAsync(() -> KernelTransferTest.readAll(server));
                d.execute(() -> d.stack().connect(d.now(), InterfaceAddress.parseAddress(prefix + "1"), 5006, null,
                        new KernelTransferTest.Writer(data, new CompletableFuture<>())));
                assertThat(kernelGot.get(TIMEOUT_S, TimeUnit.SECONDS).sha256()).isEqualTo(KernelTransferTest.sha256(data));
            }
            Path file = dir.resolve("payload");
            Files.write(file, data);
            CompletableFuture<Digest> received = new CompletableFuture<>();
            d.call(() -> d.stack().listen(5007, null, (c, now) -> new KernelTransferTest.DigestingReader(received)));
            CommandResult sent = r.exec(Duration.ofSeconds(TIMEOUT_S), "bash", "-c",
                    "exec 3<>/dev/tcp/" + prefix + "2/5007 && cat " + file + " >&3");
            assertThat(sent.ok()).as("bash client: %s", sent.stderr()).isTrue();
            assertThat(received.get(TIMEOUT_S, TimeUnit.SECONDS).sha256()).isEqualTo(KernelTransferTest.sha256(data));
            assertThat(d.superSegmentsWritten()).as("TCPV6 super-segments written").isPositive();
            assertThat(d.superSegmentsRead()).as("TCPV6 super-segments read").isPositive();
            assertThat(d.call(() -> d.stack().stats().dropsByReason())).doesNotContainKey(DropReason.BAD_TCP_CHECKSUM);
        }
    }

    private void startCapture(Path pcap) throws InterruptedException {
        capture = r.start("tcpdump", "-i", wire.aDevice(), "-Q", "out", "-s", "0", "-B", "65536", "-U", "-w",
                pcap.toString(), "tcp");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(pcap)) { // tcpdump creates the file once it listens
            assertThat(System.nanoTime()).as("tcpdump started").isLessThan(end);
            assertThat(capture.isAlive()).as("tcpdump runs").isTrue();
            Thread.sleep(20);
        }
    }

    private void stopCapture() throws InterruptedException {
        capture.destroy(); // SIGTERM: tcpdump writes what it has and exits
        assertThat(capture.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    /** tshark with IP and TCP checksum validation: no bad checksum, nothing malformed, no segment above the MSS. */
    private static void checkWire(Path pcap) {
        CommandResult t = Commands.run(List.of("tshark", "-r", pcap.toString(), "-n",
                "-o", "ip.check_checksum:TRUE", "-o", "tcp.check_checksum:TRUE",
                "-o", "tcp.desegment_tcp_streams:FALSE", "-d", "tcp.port==5002,data",
                "-T", "fields", "-e", "tcp.len", "-z", "expert,warn"), Duration.ofSeconds(120));
        assertThat(t.ok()).as(t.stderr()).isTrue();
        String out = t.stdout();
        List<Integer> lengths = out.lines().filter(l -> l.matches("\\d+")).map(Integer::parseInt).toList();
        System.out.printf("wire: %d TCP packets, %d with data, longest %d%n", lengths.size(),
                lengths.stream().filter(n -> n > 0).count(), lengths.stream().mapToInt(n -> n).max().orElse(0));
        // on a loaded machine tcpdump may miss some (its buffer is 64 MiB); the checks hold for what it saw
        assertThat(lengths.stream().filter(n -> n > 0).count()).as("data segments on the wire")
                .isGreaterThan(SIZE / MSS / 2);
        assertThat(lengths).as("segment lengths on the wire").allMatch(n -> n <= MSS);
        assertThat(out).doesNotContainIgnoringCase("malformed");
        assertThat(out).doesNotContainIgnoringCase("bad checksum");
        assertThat(out).doesNotContainIgnoringCase("checksum is incorrect");
    }
}
