package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tun.testing.Requires;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput of kernel TCP against tcplab over one TUN queue, both ways, several rounds (the first
 * warms the JIT). Off by default: {@code -Dtcplab.throughput=true [-Dtcplab.throughput.mib=64]
 * [-Dtcplab.throughput.mtu=1500] [-Dtcplab.throughput.cc=reno] [-Dtcplab.throughput.offload=true]}.
 */
@EnabledIfSystemProperty(named = "tcplab.throughput", matches = "true")
class KernelThroughputProbe {
    @Test
    void bothWays(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        int mib = Integer.getInteger("tcplab.throughput.mib", 64);
        int mtu = Integer.getInteger("tcplab.throughput.mtu", 1500);
        String cc = System.getProperty("tcplab.throughput.cc", "reno");
        boolean offload = Boolean.getBoolean("tcplab.throughput.offload");
        byte[] data = new byte[mib << 20];
        new SplittableRandom(1).nextBytes(data);
        Path file = dir.resolve("payload");
        Files.write(file, data);
        String sha = KernelTransferTest.sha256(data);
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host k = hosts.addHost("k");
            NamespaceHosts.Subnet net = hosts.subnet();
            TunDevice tun = k.tun().name("tl0").address(net.cidr(1)).mtu(mtu).offload(offload).open();
            ConnectionOptions opts = ConnectionOptions.builder().mss(tun.ipv4Mss()).congestionControl(cc)
                    .sendBufferBytes(16 << 20).receiveBufferBytes(16 << 20).build();
            StackConfig config = StackConfig.builder(RandomSource.seeded(7)).defaultOptions(opts)
                    .address(InterfaceAddress.parseAddress(net.address(2))).build();
            try (RealTimeDriver d = RealTimeDriver.start(tun, config)) {
                for (int round = 0; round < 3; round++) {
                    int port = 6000 + round;
                    CompletableFuture<KernelTransferTest.Digest> got = new CompletableFuture<>();
                    d.call(() -> d.stack().listen(port, null, (c, now) -> new KernelTransferTest.DigestingReader(got)));
                    long t0 = System.nanoTime();
                    long a0 = allocated(d);
                    CommandResult r = k.exec(Duration.ofSeconds(120), "bash", "-c",
                            "exec 3<>/dev/tcp/" + net.address(2) + "/" + port + " && cat " + file + " >&3");
                    assertThat(r.ok()).as(r.stderr()).isTrue();
                    KernelTransferTest.Digest g = got.get(120, TimeUnit.SECONDS);
                    print("kernel -> tcplab", round, t0, g.bytes(), d);
                    System.out.printf("    driver thread allocated %d bytes during it%n", allocated(d) - a0);
                    assertThat(g.sha256()).isEqualTo(sha);

                    int kport = 7000 + round;
                    ServerSocketChannel server = k.inside(() -> {
                        ServerSocketChannel s = ServerSocketChannel.open();
                        s.bind(new InetSocketAddress(net.address(1), kport));
                        return s;
                    });
                    try (server) {
                        CompletableFuture<KernelTransferTest.Digest> kgot = CompletableFuture.supplyAsync(
                                () -> KernelTransferTest.readAll(server));
                        long t1 = System.nanoTime();
                        long a1 = allocated(d);
                        d.execute(() -> d.stack().connect(d.now(), InterfaceAddress.parseAddress(net.address(1)), kport,
                                null, new KernelTransferTest.Writer(data, new CompletableFuture<>())));
                        KernelTransferTest.Digest kg = kgot.get(120, TimeUnit.SECONDS);
                        print("tcplab -> kernel", round, t1, kg.bytes(), d);
                        System.out.printf("    driver thread allocated %d bytes during it%n", allocated(d) - a1);
                        assertThat(kg.sha256()).isEqualTo(sha);
                        System.out.println("    " + d.call(() -> d.stack().connections().stream()
                                .filter(c -> c.remotePort() == kport).map(c -> c.info().toString()).toList()));
                    }
                }
            }
        }
    }

    private static long allocated(RealTimeDriver d) {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(d.threadId());
    }

    private static void print(String what, int round, long t0, long bytes, RealTimeDriver d) {
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("round %d %s: %d MiB in %.3f s = %.0f Mbit/s (driver totals: %d in, %d out, %d drops,"
                + " %d rounds, %d sleeps, %d reads, %d writes)%n", round, what, bytes >> 20, s, bytes * 8 / s / 1e6,
                d.packetsIn(), d.packetsOut(), d.writeDrops(), d.rounds(), d.sleeps(), d.readCalls(), d.writeCalls());
    }
}
