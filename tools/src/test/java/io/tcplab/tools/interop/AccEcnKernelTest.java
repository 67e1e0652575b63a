package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * tcplab's Accurate ECN (RFC 9768) against the kernel this machine runs, both ways over one TUN
 * device, 16 MiB each. The kernel side asks for the most its version offers: {@code tcp_ecn=3}
 * (Accurate ECN in and out) where Linux accepts it — since the February 2026 "tcp: accecn: enable
 * AccECN" change, Linux 7.0 — and otherwise {@code tcp_ecn=1} (RFC 3168 ECN in and out). With an
 * AccECN kernel both ends must settle on AccECN; with an older one they must fall back to classic
 * ECN as RFC 9768 §3.1.2 (table 2) has an AccECN end do against an RFC 3168 peer — the SYN's
 * AE=CWR=ECE=1 is an ECN-setup SYN to it, and its SYN-ACK (ECE=1, CWR=0) tells the AccECN client
 * to use classic ECN; an AccECN server answers the kernel's classic SYN (ECE=CWR=1, AE=0) with a
 * classic SYN-ACK. Either way the bytes arrive whole. Runs as root (CI); skips with the reason
 * elsewhere, unless TCPLAB_REQUIRE_TEST_HOSTS=1 makes that a failure.
 */
class AccEcnKernelTest {
    private static final long SIZE = 16L << 20;
    private static final int TIMEOUT_S = 60;

    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private NamespaceHosts.Subnet net;
    private String tun;
    private String expected;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        net = hosts.subnet();
        tun = Interop.deviceName("tlae");
        boolean kernelAccEcn = k.exec("sysctl", "-q", "-w", "net.ipv4.tcp_ecn=3").ok();
        if (!kernelAccEcn) {
            k.run("sysctl", "-q", "-w", "net.ipv4.tcp_ecn=1");
        }
        expected = kernelAccEcn ? "accecn" : "classic";
        System.out.println("kernel tcp_ecn=" + (kernelAccEcn ? 3 : 1) + ": expecting " + expected + " ECN");
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    private List<String> endpoint(String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, "--netns", k.name(), "--tun", tun, "--host-addr",
                net.cidr(1), "--addr", net.address(2), "--ecn", "accecn", "--json"));
        args.addAll(List.of(more));
        return args;
    }

    @Test
    void kernelClientToAnAccEcnServer() throws Exception {
        CompletableFuture<Interop.Run> serve = Interop.cliAsync(endpoint("serve", "--port", "5001", "--connections",
                "1", "--time", TIMEOUT_S + "s"));
        String[] sent = Interop.kernelSend(k, net.address(2), 5001, SIZE, 0, 21, serve);
        Interop.Run run = serve.get(TIMEOUT_S, TimeUnit.SECONDS);
        run.assertOk();
        JsonNode r = run.onlyReport();
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(SIZE).isEqualTo(Long.parseLong(sent[0]));
        assertThat(r.get("sha256Received").asText()).isEqualTo(sent[1]);
        assertThat(r.get("ecn").asText()).as(r.toString()).isEqualTo(expected);
    }

    @Test
    void anAccEcnClientToTheKernel() throws Exception {
        ServerSocketChannel server = Interop.listen(k, null, 5002);
        CompletableFuture<String[]> kernel = Interop.kernelReceive(server);
        Interop.Run run = Interop.cli(endpoint("send", "--port", "5002", "--bytes", Long.toString(SIZE)));
        run.assertOk();
        String[] got = kernel.get(TIMEOUT_S, TimeUnit.SECONDS);
        JsonNode r = run.onlyReport();
        assertThat(r.get("complete").asBoolean()).as(r.toString()).isTrue();
        assertThat(Long.parseLong(got[0])).isEqualTo(SIZE);
        assertThat(r.get("sha256Sent").asText()).isEqualTo(got[1]);
        assertThat(r.get("ecn").asText()).as(r.toString()).isEqualTo(expected);
    }
}
