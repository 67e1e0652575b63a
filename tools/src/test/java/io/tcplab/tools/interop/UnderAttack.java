package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tcplab.tools.attack.Injector;
import io.tcplab.tools.attack.TcpWatch;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One paced transfer from a kernel client to {@code tcplab serve} (sink) behind a TUN device, with
 * an attacker in the kernel's namespace: a {@link TcpWatch} on the connection and an
 * {@link Injector} spoofing the client's four-tuple, driven by an {@link Attack} on its own thread
 * while the data flows. The client writes {@code size} bytes in 64 KiB pieces every 40 ms, so the
 * transfer lasts seconds, and the attack runs until it has sent what it means to or the client
 * is done.
 */
final class UnderAttack {
    static final int PORT = 5007;
    private static final int PIECE = 64 << 10;
    private static final long PIECE_GAP_MILLIS = 40;
    private static final int TIMEOUT_S = 120;

    /** What the attacker does; {@code stillRunning} turns false once the client has sent everything. */
    interface Attack {
        void run(Target t) throws Exception;
    }

    /** The attacker's view: what it observed, the data the client sends, and its raw socket. */
    record Target(TcpWatch watch, Injector injector, byte[] data, java.util.function.BooleanSupplier stillRunning) {
        /** The server's RCV.NXT + window as last seen: no sequence number at or past it is acceptable. */
        int windowEnd() {
            return watch.serverAck() + (int) watch.serverWindow();
        }
    }

    /** The run's outcome: serve's one report and how long the attack took. */
    record Outcome(JsonNode report, String sentSha256, long attackNanos, long injected) {
        long drops(String reason) {
            JsonNode n = report.path("stack").path("drops").path(reason);
            return n.isMissingNode() ? 0 : n.asLong();
        }

        long challengeAcks() {
            return report.path("stack").path("challengeAcksSent").asLong();
        }
    }

    /** The test's namespace with the kernel client and attacker, its subnet and the TUN device's name. */
    record Site(NamespaceHosts hosts, NamespaceHosts.Host k, NamespaceHosts.Subnet net, String tun) implements AutoCloseable {
        /** Skips (or fails, where test hosts are required) without root and namespaces. */
        static Site open() {
            Requires.testHosts();
            NamespaceHosts hosts = NamespaceHosts.create();
            return new Site(hosts, hosts.addHost("k"), hosts.subnet(), Interop.deviceName("tlat"));
        }

        @Override
        public void close() {
            hosts.close();
        }
    }

    private UnderAttack() {
    }

    static Outcome run(Site site, int size, Attack attack) throws Exception {
        NamespaceHosts.Host k = site.k();
        NamespaceHosts.Subnet net = site.net();
        String tun = site.tun();
        CompletableFuture<Interop.Run> serve = Interop.cliAsync(List.of("serve", "--netns", k.name(), "--tun", tun,
                "--host-addr", net.cidr(1), "--addr", net.address(2), "--port", String.valueOf(PORT),
                "--buffer", "256KiB", "--connections", "1", "--json", "--time", TIMEOUT_S + "s"));
        Interop.Pattern pattern = new Interop.Pattern(size);
        byte[] data = new byte[size];
        pattern.next(data, size);
        try (TcpWatch watch = TcpWatch.start(k, PORT)) {
            SocketChannel s = Interop.connect(k, net.address(2), PORT, serve);
            int clientPort = ((java.net.InetSocketAddress) s.getLocalAddress()).getPort();
            java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
            CompletableFuture<long[]> attacker = CompletableFuture.supplyAsync(() -> {
                try (Injector inj = Injector.open(k, InetAddress.getByName(net.address(1)).getAddress(), clientPort,
                        InetAddress.getByName(net.address(2)).getAddress(), PORT)) {
                    while (!watch.established() || watch.clientPort() != clientPort) {
                        Thread.sleep(1);
                    }
                    long t0 = System.nanoTime();
                    attack.run(new Target(watch, inj, data, () -> !done.get()));
                    return new long[] {System.nanoTime() - t0, inj.sent()};
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (s) {
                for (int off = 0; off < size; off += PIECE) {
                    ByteBuffer b = ByteBuffer.wrap(data, off, Math.min(PIECE, size - off));
                    while (b.hasRemaining()) {
                        s.write(b);
                    }
                    Thread.sleep(PIECE_GAP_MILLIS);
                }
                s.shutdownOutput();
                assertThat(s.read(ByteBuffer.allocate(16))).as("the sink sends only its FIN").isEqualTo(-1);
            } finally {
                done.set(true);
            }
            long[] a = attacker.get(TIMEOUT_S, TimeUnit.SECONDS);
            Interop.Run run = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
            run.assertOk();
            return new Outcome(run.onlyReport(), pattern.hex(), a[0], a[1]);
        }
    }

    /** Serve's report says the transfer completed, whole and unchanged, and nothing failed. */
    static void assertIntact(Outcome o, int size) {
        JsonNode r = o.report();
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("error").isNull()).as(r.toString()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).as(r.toString()).isEqualTo(size);
        assertThat(r.get("sha256Received").asText()).as(r.toString()).isEqualTo(o.sentSha256());
    }
}
