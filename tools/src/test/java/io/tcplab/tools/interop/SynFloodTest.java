package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tcplab.tools.attack.Injector;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.tun.NamespaceHosts;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A SYN flood against {@code tcplab serve} (RFC 4987): a raw socket in the kernel's namespace sends
 * SYNs from ever new ports of addresses in the test's subnet that nobody answers for, as fast as it
 * can, while a kernel client connects and sends 64 KiB. The endpoint's SYN queue (256) fills at
 * once and stays full, so the client's SYN — and every later spoofed one — is answered with a SYN
 * cookie; the client's ACK returns it and makes the connection (docs/attacks.md).
 */
class SynFloodTest {
    private static final int PORT = 5009;
    private static final int SIZE = 64 << 10;
    /** StackConfig's default SYN queue: connections in SYN-RECEIVED. */
    private static final int SYN_QUEUE = 256;
    private static final long FLOOD_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long CLIENT_AFTER_MILLIS = 500;
    private static final int TIMEOUT_S = 25;

    private UnderAttack.Site site;

    @Test
    void aLegitimateClientConnectsThroughASynFloodAndTheSynQueueStaysBounded() throws Exception {
        try (UnderAttack.Site opened = UnderAttack.Site.open()) { // removed afterwards, also on failure
            site = opened;
            floodWhileAClientSends();
        }
    }

    private void floodWhileAClientSends() throws Exception {
        NamespaceHosts.Host k = site.k();
        NamespaceHosts.Subnet net = site.net();
        CompletableFuture<Interop.Run> serve = Interop.cliAsync(List.of("serve", "--netns", k.name(), "--tun",
                site.tun(), "--host-addr", net.cidr(1), "--addr", net.address(2), "--port", String.valueOf(PORT),
                "--connections", "1", "--json", "--time", TIMEOUT_S + "s"));
        awaitDevice(serve);
        Interop.Pattern pattern = new Interop.Pattern(4987);
        byte[] data = new byte[SIZE];
        pattern.next(data, SIZE);
        AtomicBoolean stop = new AtomicBoolean();
        long[] flood;
        long clientPackets = -kernelTcpSegmentsSent();
        try {
            CompletableFuture<long[]> flooding = CompletableFuture.supplyAsync(() -> flood(stop));
            Thread.sleep(CLIENT_AFTER_MILLIS);
            long t0 = System.nanoTime();
            try (SocketChannel s = Interop.connect(k, net.address(2), PORT, serve)) {
                ByteBuffer b = ByteBuffer.wrap(data);
                while (b.hasRemaining()) {
                    s.write(b);
                }
                System.out.printf("legitimate client: connected and wrote %d bytes in %.2f s, during the flood: %s%n",
                        SIZE, (System.nanoTime() - t0) / 1e9, !flooding.isDone());
                // serve ends with this connection and takes its device along: close once the flood is over
                flood = flooding.get(TIMEOUT_S, TimeUnit.SECONDS);
                s.shutdownOutput();
                assertThat(s.read(ByteBuffer.allocate(16))).as("the sink sends only its FIN").isEqualTo(-1);
            }
        } finally {
            stop.set(true);
        }
        Interop.Run run = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        clientPackets += kernelTcpSegmentsSent(); // serve has stopped: its device is gone, the client's last sent
        run.assertOk();
        JsonNode conn = run.onlyReport();
        JsonNode stack = run.stackReport();
        double seconds = flood[1] / 1e9;
        System.out.printf("SYN flood: %d SYNs in %.2f s = %.0f SYN/s (%d refused by a full TUN queue); %s%n",
                flood[0], seconds, flood[0] / seconds, flood[2], stack);

        assertThat(conn.get("complete").asBoolean()).as(conn.toString()).isTrue();
        assertThat(conn.get("error").isNull()).as(conn.toString()).isTrue();
        assertThat(conn.get("bytesReceived").asLong()).isEqualTo(SIZE);
        assertThat(conn.get("sha256Received").asText()).isEqualTo(pattern.hex());

        long overflows = stack.get("synQueueOverflows").asLong();
        assertThat(overflows).as("the flood filled the SYN queue").isPositive();
        assertThat(stack.get("synCookiesSent").asLong()).as("cookies are on: every overflow got one")
                .isEqualTo(overflows);
        assertThat(stack.get("synCookiesValidated").asLong()).as("the client's ACK returned its cookie").isEqualTo(1);
        assertThat(stack.get("peakConnections").asInt()).as("only the client's connection was accepted").isEqualTo(1);
        // every packet the stack received was the client's, a SYN that overflowed, one dropped for a reason that
        // keeps no state, or a SYN that made a connection in SYN-RECEIVED: the latter never more than the queue
        long stateless = 0;
        for (String reason : List.of("NOT_TCP", "NOT_OUR_ADDRESS", "NO_CONNECTION", "ICMP_NEIGHBOR_DISCOVERY")) {
            stateless += stack.path("drops").path(reason).asLong();
        }
        long madeState = stack.get("packetsReceived").asLong() - overflows - clientPackets - stateless;
        System.out.printf("%d SYNs reached serve, %d made state, %d client segments%n",
                stack.get("packetsReceived").asLong() - clientPackets - stateless, madeState, clientPackets);
        assertThat(madeState).as("SYNs that made state (%d client segments)", clientPackets)
                .isBetween(1L, (long) SYN_QUEUE);
        assertThat(flood[0]).as("the flood sent far more SYNs than the queue holds").isGreaterThan(10L * SYN_QUEUE);
    }

    /** The kernel's TCP segments sent in the test's namespace so far (Tcp OutSegs): the client's. */
    private long kernelTcpSegmentsSent() {
        String[] lines = site.k().run("cat", "/proc/net/snmp").lines().filter(l -> l.startsWith("Tcp:"))
                .toArray(String[]::new);
        List<String> names = List.of(lines[0].split(" "));
        return Long.parseLong(lines[1].split(" ")[names.indexOf("OutSegs")]);
    }

    /** Waits until serve has its TUN device; its listener follows at once (SYNs before it get a RST). */
    private void awaitDevice(CompletableFuture<Interop.Run> serve) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (!site.k().inside(() -> NetworkInterface.getByName(site.tun()) != null)) {
            assertThat(serve.isDone()).as("serve ended before its device appeared").isFalse();
            assertThat(System.nanoTime() - end).as("serve's device in time").isNegative();
            Thread.sleep(10);
        }
    }

    /**
     * SYNs from distinct ports of addresses .3 to .254 of the subnet (the kernel is .1, serve .2; the
     * SYN-ACKs to them die in the kernel, which does not forward), back to back for FLOOD_NANOS.
     * Returns {SYNs sent, nanoseconds, sends refused with ENOBUFS}.
     */
    private long[] flood(AtomicBoolean stop) {
        SplittableRandom random = new SplittableRandom(4987);
        try {
            byte[] serve = InetAddress.getByName(site.net().address(2)).getAddress();
            byte[] base = serve.clone();
            try (Injector inj = Injector.open(site.k(), base, 1, serve, PORT)) {
                long refused = 0;
                long t0 = System.nanoTime();
                byte[] empty = new byte[0];
                while (System.nanoTime() - t0 < FLOOD_NANOS && !stop.get()) {
                    // a four-tuple of its own for every SYN: one that met a SYN-RECEIVED connection would not be a new one
                    long i = inj.sent();
                    byte[] src = base.clone();
                    src[3] = (byte) (3 + i % 252);
                    if (!inj.from(src, 1024 + (int) (i / 252 % 64512)).send(TcpHeader.SYN, random.nextInt(), 0, empty,
                            null)) {
                        refused++;
                        Thread.onSpinWait();
                    }
                }
                return new long[] {inj.sent(), System.nanoTime() - t0, refused};
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
