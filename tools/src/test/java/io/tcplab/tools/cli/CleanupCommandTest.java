package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code tcplab cleanup} after a kill -9: a child JVM makes a tcplab namespace with a process in
 * it and a veth pair into a live test namespace, and --publish tables in that live namespace and
 * in a namespace tcplab did not make, then is killed with SIGKILL. cleanup --dry-run lists them and
 * removes nothing; cleanup removes exactly them (the process, the namespace with its devices, both
 * tables, and forwarding put back), and leaves alone the live namespace, the foreign namespace and
 * the foreign table in it.
 */
class CleanupCommandTest {
    private static final Duration NETNS_GONE = Duration.ofSeconds(10);

    @Test
    void removesWhatAKilledRunLeftAndNothingElse() throws Exception {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.NFT, "the --publish tables cleanup removes");
        String foreign = String.format(Locale.ROOT, "cleanuptest-%06x", ThreadLocalRandom.current().nextInt(1 << 24));
        String killedNs = null;
        long sleeper = -1;
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host live = hosts.addHost("live");
            run("ip", "netns", "add", foreign);
            run("ip", "netns", "exec", foreign, "nft", "add", "table", "inet", "notours");

            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), LeftBehindMain.class.getName(), live.name(), foreign)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String liveTable;
            String foreignTable;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                killedNs = r.readLine();
                sleeper = Long.parseLong(r.readLine());
                liveTable = r.readLine();
                foreignTable = r.readLine();
                assertThat(r.readLine()).as("the child got everything made").isEqualTo("ready");
            }
            child.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(NamespaceHosts.namespaceExists(killedNs)).as("a kill -9 leaves the namespace").isTrue();
            assertThat(PublishTable.tables(live.name())).contains(liveTable);
            assertThat(forwarding(live.name())).as("the publish turned forwarding on").isEqualTo("1");

            Cli dry = Cli.run(null, "cleanup", "--dry-run");
            assertThat(dry.exitCode()).as(dry.err()).isZero();
            assertThat(dry.out()).contains("would remove namespace " + killedNs + " (owner pid " + child.pid()
                            + " is gone; processes inside: [" + sleeper + "])")
                    .contains("would remove nftables table inet " + liveTable + " in namespace " + live.name())
                    .contains("would remove nftables table inet " + foreignTable + " in namespace " + foreign)
                    .doesNotContain("removed ");
            assertThat(NamespaceHosts.namespaceExists(killedNs)).isTrue();
            assertThat(PublishTable.tables(foreign)).contains(foreignTable);

            Cli clean = Cli.run(null, "cleanup");
            assertThat(clean.exitCode()).as(clean.err()).isZero();
            assertThat(clean.out()).contains("removed namespace " + killedNs)
                    .contains("removed nftables table inet " + liveTable)
                    .contains("removed nftables table inet " + foreignTable)
                    .doesNotContain("removed namespace " + live.name()).doesNotContain("removed namespace " + foreign);
            assertThat(NamespaceHosts.namespaceExists(killedNs)).isFalse();
            assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            // the veth's end in the live namespace goes when the kernel tears the dead namespace down (asynchronously)
            long deadline = System.nanoTime() + NETNS_GONE.toNanos();
            while (live.exec("ip", "link", "show", "dev", "tcplab-vl").ok() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(live.exec("ip", "link", "show", "dev", "tcplab-vl").ok()).as("the veth into the live namespace")
                    .isFalse();
            assertThat(PublishTable.tables(live.name())).doesNotContain(liveTable);
            assertThat(PublishTable.tables(foreign)).doesNotContain(foreignTable);
            assertThat(forwarding(live.name())).as("forwarding restored").isEqualTo("0");

            // untouched: the live test namespace, the foreign namespace and its own table
            assertThat(NamespaceHosts.namespaceExists(live.name())).isTrue();
            assertThat(NamespaceHosts.namespaceExists(foreign)).isTrue();
            assertThat(run("ip", "netns", "exec", foreign, "nft", "list", "tables")).contains("table inet notours");

            assertThat(Cli.run(null, "cleanup", "--dry-run").out()).doesNotContain(killedNs).doesNotContain(liveTable);
        } finally {
            if (sleeper > 0) {
                ProcessHandle.of(sleeper).ifPresent(ProcessHandle::destroyForcibly);
            }
            if (killedNs != null && NamespaceHosts.namespaceExists(killedNs)) {
                quiet("ip", "netns", "del", killedNs);
            }
            quiet("ip", "netns", "del", foreign);
        }
    }

    private static String forwarding(String ns) throws Exception {
        return run("ip", "netns", "exec", ns, "cat", "/proc/sys/net/ipv4/ip_forward").strip();
    }

    private static String run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectInput(new File("/dev/null")).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", argv) + ": " + out).isZero();
        return out;
    }

    private static void quiet(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(new File("/dev/null")).start();
        p.waitFor(30, TimeUnit.SECONDS);
    }

    /**
     * What a run leaves when killed hard: a namespace with a process inside and a veth pair into
     * {@code args[0]}, and --publish tables in {@code args[0]} and {@code args[1]}. Prints the
     * namespace, the process's pid, both table names and "ready", then waits to be killed.
     */
    public static final class LeftBehindMain {
        public static void main(String[] args) throws Exception {
            NamespaceHosts hosts = NamespaceHosts.create();
            NamespaceHosts.Host h = hosts.addHost("killed");
            Process sleep = h.start("sleep", "600");
            h.ip("link", "add", "tcplab-vk", "type", "veth", "peer", "name", "tcplab-vl", "netns", args[0]);
            InterfaceAddress tcplab = InterfaceAddress.parse("10.77.250.2/32");
            PublishTable a = PublishTable.install(args[0], "tcplab-x", tcplab, PublishTable.Direction.INBOUND, 6001,
                    5001, 1, "cleanup test");
            PublishTable b = PublishTable.install(args[1], "tcplab-x", tcplab, PublishTable.Direction.OUTBOUND, 6001,
                    0, 1, "cleanup test");
            System.out.println(h.name());
            System.out.println(sleep.pid());
            System.out.println(a.name());
            System.out.println(b.name());
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(5).toMillis());
        }
    }
}
