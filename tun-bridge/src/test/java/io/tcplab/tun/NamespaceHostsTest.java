package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tun.testing.Requires;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NamespaceHostsTest {

    @Test
    void onlyPrivateAddressesMayBeAssigned() {
        assertThat(NamespaceHosts.privateAddress("10.77.3.1/24").toString()).isEqualTo("10.77.3.1/24");
        assertThat(NamespaceHosts.privateAddress("192.168.1.1/24").isPrivate()).isTrue();
        assertThat(NamespaceHosts.privateAddress("fd00:77::1/64").isPrivate()).isTrue();
        assertThatThrownBy(() -> NamespaceHosts.privateAddress("8.8.8.8/32"))
                .isInstanceOf(TunException.class)
                .hasMessage("tcplab: test hosts only get private addresses (10/8, 172.16/12, 192.168/16, fc00::/7),"
                        + " not 8.8.8.8/32");
        assertThatThrownBy(() -> NamespaceHosts.privateAddress("172.32.0.1/16")).isInstanceOf(TunException.class);
    }

    @Test
    void subnetsAreDistinctSlash24s() {
        NamespaceHosts.Subnet s = new NamespaceHosts.Subnet(3);
        assertThat(s.cidr(1)).isEqualTo("10.77.3.1/24");
        assertThat(s.address(2)).isEqualTo("10.77.3.2");
        assertThat(s).hasToString("10.77.3.0/24");
        assertThatThrownBy(() -> s.address(255)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void availabilityGivesAReasonWhenNot() {
        NamespaceHosts.Availability a = NamespaceHosts.available();
        assertThat(a.reason()).isNotBlank();
    }

    @Test
    void namespacesVethAndCommandsThenAllGoneAfterClose() throws Exception {
        Requires.testHosts();
        List<String> names = new ArrayList<>();
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host a = hosts.addHost("a");
            NamespaceHosts.Host b = hosts.addHost("b");
            names.add(a.name());
            names.add(b.name());
            long pid = ProcessHandle.current().pid();
            assertThat(a.name()).isEqualTo("tcplab-" + pid + "-" + hosts.id() + "-a");
            assertThat(TcplabNames.namespaceOwner(a.name())).hasValue(pid);
            assertThat(NamespaceHosts.namespaceExists(a.name())).isTrue();

            NamespaceHosts.Link link = hosts.link(a, b);
            assertThat(a.ip("-o", "addr", "show", "dev", link.aDevice())).contains(link.aAddress().toString());
            assertThat(b.ip("-o", "addr", "show", "dev", link.bDevice())).contains(link.bAddress().toString());
            assertThat(a.run("cat", "/proc/net/dev")).contains(link.aDevice()).doesNotContain("eth0");

            // kernel TCP across the veth: a Java listener in b, bash's /dev/tcp in a
            String bAddr = link.bAddress().addressText();
            ServerSocketChannel server = b.inside(() -> {
                ServerSocketChannel s = ServerSocketChannel.open();
                s.bind(new InetSocketAddress(bAddr, 7000));
                return s;
            });
            try (server) {
                CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
                    try (SocketChannel ch = server.accept()) {
                        ByteBuffer buf = ByteBuffer.allocate(64);
                        while (ch.read(buf) >= 0) {
                            // until EOF
                        }
                        buf.flip();
                        return StandardCharsets.US_ASCII.decode(buf).toString();
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                });
                a.run("bash", "-c", "exec 3<>/dev/tcp/" + bAddr + "/7000 && echo hello-from-a >&3");
                assertThat(line.get(10, TimeUnit.SECONDS)).isEqualTo("hello-from-a\n");
            }
        }
        for (String n : names) {
            assertThat(NamespaceHosts.namespaceExists(n)).as(n).isFalse();
        }
    }

    @Test
    void everythingIsRemovedWhenTheTestThrows() {
        Requires.testHosts();
        List<String> names = new ArrayList<>();
        Process[] started = new Process[1];
        String[] tunName = new String[1];
        assertThatThrownBy(() -> {
            try (NamespaceHosts hosts = NamespaceHosts.create()) {
                NamespaceHosts.Host a = hosts.addHost("a");
                names.add(a.name());
                started[0] = a.start("sleep", "600");
                TunDevice tun = a.tun().name("tlx%d").address("10.77.9.1/24").open(); // left open on purpose
                tunName[0] = tun.name();
                throw new IllegalStateException("boom");
            }
        }).hasMessage("boom");
        assertThat(NamespaceHosts.namespaceExists(names.get(0))).isFalse();
        assertThat(started[0].isAlive()).isFalse();
        assertThat(tunName[0]).startsWith("tlx");
    }

    @Test
    void aTunDeviceClosedInsideAHostDisappears() {
        Requires.testHosts();
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host a = hosts.addHost("a");
            TunDevice tun = a.tun().name("tl7").address("10.77.7.1/24").mtu(9000).open();
            assertThat(tun.mtu()).isEqualTo(9000);
            assertThat(tun.ipv4Mss()).isEqualTo(8960);
            assertThat(a.ip("-o", "link", "show", "dev", "tl7")).contains("mtu 9000").contains("UP");
            assertThat(a.ip("-o", "addr", "show", "dev", "tl7")).contains("10.77.7.1/24");
            tun.close();
            assertThat(a.exec("ip", "link", "show", "dev", "tl7").ok()).isFalse();
        }
    }

    @Test
    void theShutdownHookRemovesNamespacesOfAnInterruptedJvm() throws Exception {
        Requires.testHosts();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LeakyMain.class.getName()).redirectErrorStream(true).start();
        String name;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            name = r.readLine();
            assertThat(name).as("child output").startsWith("tcplab-");
            assertThat(NamespaceHosts.namespaceExists(name)).isTrue();
            child.destroy(); // SIGTERM, as Ctrl-C would
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(NamespaceHosts.namespaceExists(name)).isFalse();
    }

    /** Makes a host, prints its name and waits to be killed without closing anything. */
    public static final class LeakyMain {
        public static void main(String[] args) throws Exception {
            NamespaceHosts hosts = NamespaceHosts.create();
            NamespaceHosts.Host h = hosts.addHost("leak");
            System.out.println(h.name());
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(2).toMillis());
        }
    }
}
