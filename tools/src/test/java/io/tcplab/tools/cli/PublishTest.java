package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.interop.Interop;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --publish}: a client namespace and a host namespace joined by a veth pair. The client's
 * kernel TCP reaches {@code serve --publish} on the host's veth address (serve runs in the host
 * namespace as its own process, the TUN device in the host's own namespace), and a kernel listener
 * in the client namespace sees {@code send --publish}'s connection come from the host's veth
 * address and the published port. Bytes SHA-256-equal; the rules and the forwarding setting gone
 * after exit, also after SIGTERM.
 */
class PublishTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_S = 60;

    private NamespaceHosts hosts;
    private NamespaceHosts.Host client;
    private NamespaceHosts.Host host;
    private NamespaceHosts.Link wire;
    private NamespaceHosts.Subnet tunNet;
    private String tun;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.NFT, "the --publish rules");
        hosts = NamespaceHosts.create();
        client = hosts.addHost("client");
        host = hosts.addHost("host");
        wire = hosts.link(client, host);
        tunNet = hosts.subnet();
        tun = String.format(Locale.ROOT, "tcplab-p%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void aKernelClientReachesServeThroughTheHostsAddressAndSigtermRemovesTheRules() throws Exception {
        byte[] data = new byte[8 << 20];
        new SplittableRandom(16).nextBytes(data);
        Process serve = host.start(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--publish", "6000",
                "--port", "5001", "--tun", tun, "--host-addr", tunNet.cidr(1), "--json");
        BufferedReader err = reader(serve.getErrorStream());
        String announced;
        while ((announced = err.readLine()) != null && !announced.contains("listening on")) {
            System.out.println("serve: " + announced);
        }
        assertThat(announced).as("serve's announcement").isNotNull().contains("listening on " + tunNet.address(2) + ":5001")
                .contains("published on port 6000 by nftables table inet tcplab_" + serve.pid() + "_");
        assertThat(PublishTable.tables(host.name())).hasSize(1);
        assertThat(forwarding(host)).isEqualTo("1");

        String hostAddr = wire.bAddress().addressText();
        try (SocketChannel s = client.inside(() -> SocketChannel.open(new InetSocketAddress(hostAddr, 6000)))) {
            ByteBuffer b = ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                s.write(b);
            }
            s.shutdownOutput();
            assertThat(s.read(ByteBuffer.allocate(16))).as("the sink sends only its FIN").isEqualTo(-1);
        }
        JsonNode r = JSON.readTree(reader(serve.getInputStream()).readLine());
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(data.length);
        assertThat(r.get("sha256Received").asText()).isEqualTo(sha256(data));
        assertThat(r.get("remote").asText()).as("no SNAT: tcplab sees the client").startsWith(wire.aAddress().addressText() + ":");

        serve.destroy(); // SIGTERM
        assertThat(serve.waitFor(TIMEOUT_S, TimeUnit.SECONDS)).isTrue();
        assertThat(PublishTable.tables(host.name())).as("the rules after SIGTERM").isEmpty();
        assertThat(forwarding(host)).as("forwarding put back").isEqualTo("0");
    }

    @Test
    void sendLeavesFromTheHostsAddressAndPublishedPort() throws Exception {
        String clientAddr = wire.aAddress().addressText();
        try (ServerSocketChannel server = client.inside(() -> ServerSocketChannel.open()
                .bind(new InetSocketAddress(clientAddr, 7000)))) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    String from = s.getRemoteAddress().toString();
                    String[] got = Interop.readAll(s);
                    return new String[] {from, got[0], got[1]};
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Cli cli = Cli.run(null, "send", "--netns", host.name(), "--publish", "7100", "--peer", clientAddr,
                    "--port", "7000", "--bytes", "4MiB", "--tun", tun, "--host-addr", tunNet.cidr(1), "--json");
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.err()).contains("published on port 7100");
            String[] got = kernel.get(TIMEOUT_S, TimeUnit.SECONDS);
            JsonNode r = JSON.readTree(cli.out().lines().findFirst().orElseThrow());
            assertThat(got[0]).as("the far side sees the host").isEqualTo("/" + wire.bAddress().addressText() + ":7100");
            assertThat(Long.parseLong(got[1])).isEqualTo(4 << 20);
            assertThat(r.get("sha256Sent").asText()).isEqualTo(got[2]);
        }
        assertThat(PublishTable.tables(host.name())).as("the rules after exit").isEmpty();
        assertThat(forwarding(host)).isEqualTo("0");
    }

    private static String forwarding(NamespaceHosts.Host h) {
        return h.run("cat", "/proc/sys/net/ipv4/ip_forward").strip();
    }

    private static BufferedReader reader(java.io.InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
