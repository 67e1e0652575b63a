package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tun.testing.Requires;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
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
 * The kernel's TCP, inside a fresh namespace, against a tcplab stack behind a TUN device whose
 * kernel side is 10.77.N.1/24 and whose stack owns 10.77.N.2: data both ways, checked by length
 * and SHA-256. Runs as root (CI); skips with the reason elsewhere.
 */
class KernelTransferTest {
    private static final int SIZE = 8 << 20;
    private static final long TIMEOUT_S = 60;

    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;
    private RealTimeDriver driver;
    private final byte[] data = new byte[SIZE];

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        new SplittableRandom(42).nextBytes(data);
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
        TunDevice tun = k.tun().name("tl0").address(net.cidr(1)).mtu(1500).open();
        StackConfig config = StackConfig.builder(RandomSource.seeded(7))
                .address(InterfaceAddress.parseAddress(net.address(2))).build();
        driver = RealTimeDriver.start(tun, config);
    }

    @AfterEach
    void tearDown() {
        try {
            if (driver != null) {
                driver.close();
                assertThat(driver.failure()).isNull();
            }
        } finally {
            if (hosts != null) {
                hosts.close();
            }
        }
    }

    @Test
    void kernelClientSendsToTcplabListener(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("payload");
        Files.write(file, data);
        CompletableFuture<Digest> received = new CompletableFuture<>();
        driver.call(() -> driver.stack().listen(5001, null, (c, now) -> new DigestingReader(received)));

        long t0 = System.nanoTime();
        CommandResult r = k.exec(Duration.ofSeconds(TIMEOUT_S), "bash", "-c",
                "exec 3<>/dev/tcp/" + net.address(2) + "/5001 && cat " + file + " >&3");
        assertThat(r.ok()).as("bash client: %s", r.stderr()).isTrue();
        Digest got = received.get(TIMEOUT_S, TimeUnit.SECONDS);
        report("kernel -> tcplab", t0, got.bytes);

        assertThat(got.bytes).isEqualTo(SIZE);
        assertThat(got.sha256).isEqualTo(sha256(data));
    }

    @Test
    void tcplabClientSendsToKernelListener() throws Exception {
        ServerSocketChannel server = k.inside(() -> {
            ServerSocketChannel s = ServerSocketChannel.open();
            s.bind(new InetSocketAddress(net.address(1), 5002));
            return s;
        });
        try (server) {
            CompletableFuture<Digest> kernelGot = CompletableFuture.supplyAsync(() -> readAll(server));
            CompletableFuture<ConnectionInfo> closed = new CompletableFuture<>();
            long t0 = System.nanoTime();
            driver.execute(() -> driver.stack().connect(driver.now(), InterfaceAddress.parseAddress(net.address(1)),
                    5002, null, new Writer(data, closed)));
            Digest got = kernelGot.get(TIMEOUT_S, TimeUnit.SECONDS);
            report("tcplab -> kernel", t0, got.bytes);
            assertThat(closed).as("the sender failed").satisfiesAnyOf(f -> assertThat(f).isNotDone(),
                    f -> assertThat(f).isCompleted());
            System.out.println("  tcplab sender: " + driver.call(() -> driver.stack().connections().toString()
                    + " " + driver.stack().connections().stream().map(Connection::info).toList()));

            assertThat(got.bytes).isEqualTo(SIZE);
            assertThat(got.sha256).isEqualTo(sha256(data));
        }
    }

    @Test
    void kernelClientReadsFromTcplabListener(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("got");
        CompletableFuture<ConnectionInfo> closed = new CompletableFuture<>();
        driver.call(() -> driver.stack().listen(5003, null, (c, now) -> {
            Writer w = new Writer(data, closed);
            w.onEstablished(c, now);
            return w;
        }));
        long t0 = System.nanoTime();
        CommandResult r = k.exec(Duration.ofSeconds(TIMEOUT_S), "bash", "-c",
                "exec 3<>/dev/tcp/" + net.address(2) + "/5003 && cat <&3 > " + out);
        assertThat(r.ok()).as("bash client: %s", r.stderr()).isTrue();
        byte[] got = Files.readAllBytes(out);
        report("tcplab -> kernel (kernel connects)", t0, got.length);

        assertThat(got.length).isEqualTo(SIZE);
        assertThat(sha256(got)).isEqualTo(sha256(data));
    }

    @Test
    void aClosedPortIsRefusedWithReset() {
        CommandResult r = k.exec(Duration.ofSeconds(TIMEOUT_S), "bash", "-c",
                "exec 3<>/dev/tcp/" + net.address(2) + "/5999");
        assertThat(r.ok()).isFalse();
        assertThat(r.stderr()).contains("Connection refused");
        assertThat(driver.call(() -> driver.stack().stats().resetsSent())).isEqualTo(1);
    }

    @Test
    void closingTheDriverSendsFinOrResetToKernelPeers() throws Exception {
        driver.call(() -> driver.stack().listen(5004, null, (c, now) -> ConnectionHandler.NONE));
        SocketChannel graceful = k.inside(() -> SocketChannel.open(new InetSocketAddress(net.address(2), 5004)));
        try (graceful) {
            waitForConnections(1);
            driver.close(); // FIN
            assertThat(graceful.read(ByteBuffer.allocate(16))).as("EOF after our FIN").isEqualTo(-1);
        }
        assertThat(driver.isRunning()).isFalse();
        assertThat(driver.failure()).isNull();

        // a new driver on a new device, closed with abort: the kernel sees a reset
        NamespaceHosts.Subnet second = hosts.subnet();
        TunDevice tun = k.tun().name("tl1").address(second.cidr(1)).open();
        String ours = second.address(2);
        driver = RealTimeDriver.start(tun, StackConfig.builder(RandomSource.seeded(8))
                .address(InterfaceAddress.parseAddress(ours)).build());
        driver.call(() -> driver.stack().listen(5005, null, (c, now) -> ConnectionHandler.NONE));
        SocketChannel aborted = k.inside(() -> SocketChannel.open(new InetSocketAddress(ours, 5005)));
        try (aborted) {
            waitForConnections(1);
            driver.close(true); // RST
            assertThatThrownBy(() -> aborted.read(ByteBuffer.allocate(16))).hasMessageContaining("reset");
        }
    }

    private void waitForConnections(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (driver.call(() -> driver.stack().connections().size()) < n) {
            assertThat(System.nanoTime()).as("connections established in time").isLessThan(end);
            Thread.sleep(10);
        }
    }

    private void report(String what, long t0, long bytes) {
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s: %d bytes in %.3f s = %.1f Mbit/s (driver: %d packets in, %d out, %d write drops,"
                        + " %d rounds, %d sleeps)%n", what, bytes, s, bytes * 8 / s / 1e6, driver.packetsIn(),
                driver.packetsOut(), driver.writeDrops(), driver.rounds(), driver.sleeps());
        Map<DropReason, Long> drops = driver.call(() -> driver.stack().stats().dropsByReason());
        Map<String, Long> kernel = kernelTcpCounters(k);
        System.out.println("  tcplab drops " + drops + "; kernel TCP in the namespace " + kernel);
        // whatever else the stack may drop, nothing the kernel sent may be corrupt, and vice versa
        assertThat(drops.getOrDefault(DropReason.BAD_TCP_CHECKSUM, 0L)).isZero();
        assertThat(drops.getOrDefault(DropReason.BAD_IP_CHECKSUM, 0L)).isZero();
        assertThat(kernel.get("InCsumErrors")).isZero();
        assertThat(kernel.get("InErrs")).isZero();
    }

    /** The Tcp: line of /proc/net/snmp as seen inside the host's namespace. */
    static Map<String, Long> kernelTcpCounters(NamespaceHosts.Host host) {
        String[] lines = host.run("cat", "/proc/net/snmp").split("\n");
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i].startsWith("Tcp:") && lines[i + 1].startsWith("Tcp:")) {
                String[] names = lines[i].split("\\s+");
                String[] values = lines[i + 1].split("\\s+");
                for (int j = 1; j < names.length && j < values.length; j++) {
                    if (List.of("ActiveOpens", "PassiveOpens", "InSegs", "OutSegs", "RetransSegs", "InErrs", "OutRsts",
                            "InCsumErrors").contains(names[j])) {
                        out.put(names[j], Long.parseLong(values[j]));
                    }
                }
                break;
            }
        }
        return out;
    }

    record Digest(long bytes, String sha256) {
    }

    static String sha256(byte[] b) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    static Digest readAll(ServerSocketChannel server) {
        try (SocketChannel ch = server.accept()) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            long total = 0;
            int n;
            while ((n = ch.read(buf)) >= 0) {
                buf.flip();
                md.update(buf);
                buf.clear();
                total += n;
            }
            return new Digest(total, HexFormat.of().formatHex(md.digest()));
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    /** Hashes everything a connection receives; completes at the peer's FIN. */
    static final class DigestingReader implements ConnectionHandler {
        private final CompletableFuture<Digest> done;
        private final MessageDigest md;
        private final byte[] chunk = new byte[1 << 16];
        private long total;

        DigestingReader(CompletableFuture<Digest> done) {
            this.done = done;
            try {
                this.md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void onReadable(Connection c, long now) {
            while (true) {
                int n = c.read(now, chunk, 0, chunk.length);
                if (n > 0) {
                    md.update(chunk, 0, n);
                    total += n;
                } else {
                    if (n < 0 && !done.isDone()) {
                        done.complete(new Digest(total, HexFormat.of().formatHex(md.digest())));
                        c.close(now);
                    }
                    return;
                }
            }
        }

        @Override
        public void onClosed(Connection c, ConnectionError error, long now) {
            if (!done.isDone()) {
                done.completeExceptionally(new AssertionError("closed before FIN: " + error + " after " + total
                        + " bytes, " + c.info()));
            }
        }
    }

    /** Writes all of {@code data}, then FIN; completes when the connection is gone. */
    static final class Writer implements ConnectionHandler {
        private final byte[] data;
        private final CompletableFuture<ConnectionInfo> closed;
        private int offset;
        private boolean finished;

        Writer(byte[] data, CompletableFuture<ConnectionInfo> closed) {
            this.data = data;
            this.closed = closed;
        }

        private void pump(Connection c, long now) {
            while (offset < data.length) {
                int n = c.write(now, data, offset, Math.min(1 << 16, data.length - offset));
                if (n == 0) {
                    return;
                }
                offset += n;
            }
            if (!finished) {
                finished = true;
                c.shutdownOutput(now);
            }
        }

        @Override
        public void onEstablished(Connection c, long now) {
            pump(c, now);
        }

        @Override
        public void onWritable(Connection c, long now) {
            pump(c, now);
        }

        @Override
        public void onReadable(Connection c, long now) {
            byte[] sink = new byte[4096];
            while (c.read(now, sink, 0, sink.length) > 0) {
                // the peer sends nothing but FIN
            }
        }

        @Override
        public void onClosed(Connection c, ConnectionError error, long now) {
            if (error != null) {
                closed.completeExceptionally(new AssertionError("sender closed with " + error + " after writing "
                        + offset + " bytes, " + c.info()));
            } else {
                closed.complete(c.info());
            }
        }
    }
}
