package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.NamespaceHosts;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tcplab serve --echo} holds 10,000 concurrent connections from the kernel's TCP in a
 * namespace: each client sends a short line and reads it back, then all stay open (idle) at once.
 * Prints the time to accept and echo them all and the JVM heap per idle connection (heap used
 * after GC with all open, less before, over the count), and bounds the latter: with buffers
 * preallocated at their configured 4 MiB each way this could not fit the test JVM at all.
 * Needs root and namespaces (skips with the reason elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1).
 */
class ServeManyConnectionsTest {
    /** 10,000 by default; -Dtcplab.manyConnections=N to try another count. */
    private static final int WANTED = Integer.getInteger("tcplab.manyConnections", 10_000);
    /** Connects started but not yet echoed: keeps the SYN burst below the TUN's 500-packet queue. */
    private static final int IN_FLIGHT = 200;
    private static final int PORT = 5009;
    private static final int TIMEOUT_S = 120;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** "hello %08d\n" */
    private static final int MESSAGE_BYTES = 15;

    private KernelNamespace ns;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;

    @BeforeEach
    void setUp() {
        ns = new KernelNamespace("tlmc");
        k = ns.host;
        net = ns.net;
    }

    @AfterEach
    void tearDown() {
        if (ns != null) {
            ns.close();
        }
    }

    /** One kernel client: its line, and how much of the echo has come back. */
    private static final class Client {
        final SocketChannel channel;
        final ByteBuffer out;
        final ByteBuffer in;

        Client(SocketChannel channel, int index) {
            this.channel = channel;
            this.out = ByteBuffer.wrap(String.format(Locale.ROOT, "hello %08d\n", index)
                    .getBytes(StandardCharsets.US_ASCII));
            this.in = ByteBuffer.allocate(out.capacity());
        }

        boolean echoed() {
            return !in.hasRemaining() && new String(in.array(), StandardCharsets.US_ASCII)
                    .equals(new String(out.array(), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void serveHoldsTenThousandEchoingKernelConnections() throws Exception {
        int count = Math.min(WANTED, openFileLimit() - 1_000);
        if (count < WANTED) {
            System.out.printf("only %d connections: the open-file limit is %d (ulimit -n)%n", count, openFileLimit());
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long heapBefore = heapAfterGc(memory);
        CompletableFuture<Cli> serve = CompletableFuture.supplyAsync(() -> Cli.run(null, "serve", "--netns", k.name(),
                "--tun", ns.tun, "--host-addr", net.cidr(1), "--addr", net.address(2), "--port", String.valueOf(PORT),
                "--echo", "--json", "--connections", String.valueOf(count + 1), "--time", TIMEOUT_S + "s"));
        InetSocketAddress server = new InetSocketAddress(net.address(2), PORT);
        List<Client> clients = new ArrayList<>(count);
        Throwable failure = null;
        try (Selector selector = Selector.open()) {
            ns.waitUntilListening(server, serve); // serve counts the probe: count + 1
            long t0 = System.nanoTime();
            int echoed = 0;
            long deadline = t0 + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
            while (echoed < count) {
                int start = clients.size();
                int batch = Math.min(count - start, IN_FLIGHT - (start - echoed));
                if (batch > 0) {
                    List<SocketChannel> opened = k.inside(() -> openNonBlocking(server, batch));
                    for (SocketChannel ch : opened) {
                        Client c = new Client(ch, clients.size());
                        clients.add(c);
                        ch.register(selector, SelectionKey.OP_CONNECT, c);
                    }
                }
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    echoed += step(key);
                }
                selector.selectedKeys().clear();
                assertThat(System.nanoTime()).as("all echoed within %d s (%d of %d)", TIMEOUT_S, echoed, count)
                        .isLessThan(deadline);
                assertThat(serve).as("serve is still running").isNotDone();
            }
            double acceptSeconds = (System.nanoTime() - t0) / 1e9;
            for (Client c : clients) {
                assertThat(c.echoed()).isTrue();
            }
            long heapWithAll = heapAfterGc(memory);
            double perConnection = (double) (heapWithAll - heapBefore) / count;
            System.out.printf(Locale.ROOT, "tcplab serve --echo: %d concurrent kernel connections accepted and "
                    + "echoed in %.2f s (%.0f/s); heap %.1f MiB -> %.1f MiB after GC: %.1f KiB per idle connection "
                    + "(serve's whole state, and this test's client objects)%n",
                    count, acceptSeconds, count / acceptSeconds, heapBefore / 1048576.0, heapWithAll / 1048576.0,
                    perConnection / 1024);
            // rings of 4 KiB each way plus the connection's state; 4 MiB buffers allocated up front would be 8 MiB
            assertThat(perConnection).isLessThan(64 * 1024);
            closeInOrder(clients, selector, serve);
        } catch (Throwable t) {
            failure = t;
        } finally {
            for (Client c : clients) {
                c.channel.close();
            }
        }
        Cli cli = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        if (failure != null) {
            String[] lines = cli.out().split("\n");
            throw new AssertionError("serve's stack report: " + lines[lines.length - 1] + "\n" + cli.err(), failure);
        }
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        int complete = 0;
        JsonNode stack = null;
        List<String> others = new ArrayList<>();
        for (String line : cli.out().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode r = JSON.readTree(line);
            if (r.has("report")) {
                stack = r;
            } else if (r.get("complete").asBoolean() && r.get("bytesReceived").asLong() == MESSAGE_BYTES
                    && r.get("bytesSent").asLong() == MESSAGE_BYTES) {
                complete++;
            } else {
                others.add(line);
            }
        }
        assertThat(complete).as("connections that echoed their line and closed in order; the %d others (the probe "
                + "is one), first ones:%n%s%nstack: %s", others.size(),
                String.join("\n", others.subList(0, Math.min(5, others.size()))), stack).isEqualTo(count);
        assertThat(stack).as("serve's stack report").isNotNull();
        assertThat(stack.get("peakConnections").asInt()).isBetween(count, count + 1); // the probe may linger
        System.out.println("serve's stack report: " + stack);
    }

    /**
     * Closes the clients as they were opened, at most {@link #IN_FLIGHT} at a time: each sends its FIN
     * (shutdownOutput) and waits for serve's. Closing all 10,000 at once would put 10,000 FINs at the TUN's
     * 500-packet queue together: most are dropped, even on a quiet machine, the kernel's backed-off FIN
     * retransmissions take tens of seconds, and connections that run out of retries never close at serve.
     */
    private static void closeInOrder(List<Client> clients, Selector selector, CompletableFuture<Cli> serve)
            throws IOException {
        selector.selectNow(); // deregisters the keys cancelled when their echo came back, so they can register again
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        int started = 0;
        int closed = 0;
        while (closed < clients.size()) {
            for (; started < clients.size() && started - closed < IN_FLIGHT; started++) {
                Client c = clients.get(started);
                c.channel.shutdownOutput();
                c.in.clear();
                c.channel.register(selector, SelectionKey.OP_READ, c);
            }
            selector.select(100);
            for (SelectionKey key : selector.selectedKeys()) {
                Client c = (Client) key.attachment();
                if (c.channel.read(c.in) < 0) {
                    key.cancel();
                    c.channel.close();
                    closed++;
                }
            }
            selector.selectedKeys().clear();
            assertThat(System.nanoTime()).as("all closed within %d s (%d of %d)", TIMEOUT_S, closed, clients.size())
                    .isLessThan(deadline);
            assertThat(serve).as("serve is still running").isNotDone();
        }
    }

    /** Advances one client: finish its connect, send its line, read its echo; 1 when the echo completed. */
    private static int step(SelectionKey key) throws IOException {
        Client c = (Client) key.attachment();
        if (key.isConnectable() && c.channel.finishConnect()) {
            c.channel.write(c.out);
            key.interestOps(SelectionKey.OP_READ);
            return 0;
        }
        if (key.isReadable()) {
            try {
                if (c.channel.read(c.in) < 0) {
                    throw new IOException("the server closed connection " + c.channel);
                }
            } catch (IOException e) {
                throw new IOException(c.channel.getLocalAddress() + ": " + e.getMessage(), e);
            }
            if (!c.in.hasRemaining()) {
                key.cancel(); // idle from now on
                return 1;
            }
        }
        return 0;
    }

    private static List<SocketChannel> openNonBlocking(InetSocketAddress server, int n) throws IOException {
        List<SocketChannel> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SocketChannel ch = SocketChannel.open();
            ch.configureBlocking(false);
            ch.connect(server);
            out.add(ch);
        }
        return out;
    }

    private static long heapAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static int openFileLimit() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? Integer.MAX_VALUE : Integer.parseInt(soft);
            }
        }
        return Integer.MAX_VALUE;
    }
}
