package io.tcplab.tools.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.cli.Main;
import io.tcplab.tools.interop.Interop;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcplab analyze} against the sending stack's own counters: {@code tcplab send} (offloads
 * on) in namespace {@code rtr} sends 16 MiB through its TUN device to a kernel listener in
 * namespace {@code rcv}; {@code rtr} forwards and drops every 40th data packet on the way
 * (nftables, {@code numgen inc}: the device carries super-segments of up to 64 KiB, a few hundred
 * for the transfer, so a random 1 % might drop none; each drop loses many segments at once). The capture is {@code send --pcap}: the packets as the stack
 * emitted them, before the device coalesces them into super-segments, so every segment the stack
 * sent again is one packet in it. analyze's {@code resent} (retransmissions + out of order) must
 * equal the stack's {@code segmentsRetransmitted}, its unique bytes the bytes sent, and nothing
 * may look lost at a sender's own capture point. Skips without root, namespaces, libpcap or nft
 * (naming the Debian package), fails instead under TCPLAB_REQUIRE_TEST_HOSTS=1; the namespaces go
 * in {@link #tearDown()}.
 */
class AnalyzeSenderCountersTest {
    private static final int PORT = 5301;
    private static final long BYTES = 16L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private NamespaceHosts hosts;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        Requires.libpcap("send --pcap and reading the capture back");
        Requires.tool(SystemTools.Tool.NFT, "dropping data packets on the way");
        hosts = NamespaceHosts.create();
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void resentSegmentsEqualTheSendersRetransmissionCounter(@TempDir Path dir) throws Exception {
        NamespaceHosts.Host rcv = hosts.addHost("rcv");
        NamespaceHosts.Host rtr = hosts.addHost("rtr");
        NamespaceHosts.Subnet path = hosts.subnet();
        NamespaceHosts.Subnet tunNet = hosts.subnet();
        hosts.link(rcv, path.cidr(1), rtr, path.cidr(2));
        rcv.ip("route", "add", tunNet.toString(), "via", path.address(2));
        ForwardedLoss.dropForwardedData(rtr, path.address(1), "inc", "mod", "40", "==", "20");

        Path capture = dir.resolve("send.pcap");
        String[] received;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (ServerSocketChannel server = rcv.inside(() -> ServerSocketChannel.open().bind(new InetSocketAddress(PORT)))) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> readAll(server));
            String tun = String.format(Locale.ROOT, "tlas%06x", ThreadLocalRandom.current().nextInt(1 << 24));
            int exit = Main.commandLine(null).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                    .execute("send", "--netns", rtr.name(), "--tun", tun, "--host-addr", tunNet.cidr(1), "--addr",
                            tunNet.address(2), "--peer", path.address(1), "--port", String.valueOf(PORT), "--bytes",
                            "16MiB", "--pcap", capture.toString(), "--json");
            assertThat(exit).as(err.toString()).isZero();
            received = kernel.get(60, TimeUnit.SECONDS);
        }
        JsonNode sent = JSON.readTree(out.toString().lines().findFirst().orElseThrow());
        assertThat(sent.path("complete").asBoolean()).as(out.toString()).isTrue();
        assertThat(Long.parseLong(received[0])).isEqualTo(BYTES);

        Analysis a = Analyzer.analyze(capture, AnalysisOptions.all());
        FlowReport flow = a.flows().stream().max(Comparator.comparingLong(f -> f.data().uniqueBytes())).orElseThrow();
        DirectionReport d = flow.data();
        long retransmitted = sent.path("segmentsRetransmitted").asLong();
        String report = String.format(Locale.ROOT, "analyze of send --pcap (%d frames): unique bytes %d, resent %d "
                        + "(%d retransmissions, %d out of order), lost %d; the stack: %d bytes sent, %d segments "
                        + "retransmitted, %d RTOs, %d fast recoveries", a.frames(), d.uniqueBytes(), d.resent(),
                d.retransmissions(), d.outOfOrder(), d.lost(), sent.path("bytesSent").asLong(), retransmitted,
                sent.path("rtoCount").asLong(), sent.path("fastRecoveries").asLong());
        System.out.println(report);

        assertThat(a.flows()).as(report).hasSize(1);
        assertThat(d.from()).as(report).startsWith(tunNet.address(2) + ":");
        assertThat(d.uniqueBytes()).as(report).isEqualTo(BYTES);
        assertThat(retransmitted).as("the path dropped some: %s", report).isPositive();
        assertThat(d.resent()).as(report).isEqualTo(retransmitted);
        assertThat(d.lost()).as("a sender's own capture misses nothing it sent: %s", report).isZero();
    }

    private static String[] readAll(ServerSocketChannel server) {
        try (SocketChannel s = server.accept()) {
            return Interop.readAll(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
