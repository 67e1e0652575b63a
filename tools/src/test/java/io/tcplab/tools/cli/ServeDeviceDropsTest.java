package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.NamespaceHosts;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Packets the kernel drops at the TUN device's full transmit ring never reach the stack, and
 * nothing in the stack can count them: {@code tcplab serve} reads the device's counters (as
 * {@code tcplab ab} reads its own) when its run ends and says what was lost. Provoked here by shrinking the ring to one packet
 * ({@code txqueuelen 1}) and sending 5,000 datagrams at tcplab's address in a burst. Needs root and
 * namespaces (skips with the reason elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1).
 */
class ServeDeviceDropsTest {
    private static final int PORT = 5011;
    /** The line's total, then the TX ring's share ("4842 (tlddNNNNNN TX 4842)"). */
    private static final Pattern LOST = Pattern.compile("packets were lost between the kernel and the stack, which no "
            + "stack counter shows: (\\d+) \\((\\S+) TX (\\d+)");

    private KernelNamespace ns;

    @BeforeEach
    void setUp() {
        ns = new KernelNamespace("tldd");
    }

    @AfterEach
    void tearDown() {
        if (ns != null) {
            ns.close();
        }
    }

    @Test
    void serveSaysHowManyPacketsTheKernelDroppedBeforeTheyReachedIt() throws Exception {
        NamespaceHosts.Host k = ns.host;
        String tcplab = ns.net.address(2);
        CompletableFuture<Cli> serve = CompletableFuture.supplyAsync(() -> Cli.run(null, "serve", "--netns", k.name(),
                "--tun", ns.tun, "--host-addr", ns.net.cidr(1), "--addr", tcplab, "--port", String.valueOf(PORT),
                "--echo", "--json", "--time", "4s"));
        ns.waitUntilListening(new InetSocketAddress(tcplab, PORT), serve);
        k.ip("link", "set", "dev", ns.tun, "txqueuelen", "1");
        k.inside(() -> {
            try (DatagramChannel udp = DatagramChannel.open()) {
                ByteBuffer datagram = ByteBuffer.allocate(100);
                for (int i = 0; i < 5_000; i++) {
                    udp.send(datagram.clear(), new InetSocketAddress(tcplab, 9));
                }
            }
            return null;
        });

        Cli cli = serve.get(60, TimeUnit.SECONDS);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        Matcher m = LOST.matcher(cli.err());
        assertThat(m.find()).as("stderr: %s", cli.err()).isTrue();
        long dropped = Long.parseLong(m.group(1));
        assertThat(m.group(2)).isEqualTo(ns.tun);
        assertThat(Long.parseLong(m.group(3))).as("at the ring").isPositive();
        // every datagram either reached the stack (dropped there as not TCP) or was dropped at the ring
        JsonNode stack = null;
        for (String line : cli.out().split("\n")) {
            if (line.contains("\"report\":\"stack\"")) {
                stack = new ObjectMapper().readTree(line);
            }
        }
        assertThat(stack).as("serve's stack report in %s", cli.out()).isNotNull();
        long reachedTheStack = stack.at("/drops/NOT_TCP").asLong();
        System.out.printf("5000 datagrams: %d lost before the stack, %d reached it%n", dropped, reachedTheStack);
        assertThat(dropped + reachedTheStack).as("dropped %d, reached the stack %d", dropped, reachedTheStack)
                .isEqualTo(5_000);
    }
}
