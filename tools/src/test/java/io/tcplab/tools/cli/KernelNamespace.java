package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * One namespace for the kernel's side of an endpoint command's TUN device: the host, its subnet
 * (the kernel at .1, tcplab at .2) and a device name no parallel run picks. Skips (or fails under
 * TCPLAB_REQUIRE_TEST_HOSTS=1) without root and namespaces; {@link #close()} removes it all.
 */
final class KernelNamespace implements AutoCloseable {
    final NamespaceHosts hosts;
    final NamespaceHosts.Host host;
    final NamespaceHosts.Subnet net;
    final String tun;

    KernelNamespace(String devicePrefix) {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        host = hosts.addHost("k");
        net = hosts.subnet();
        tun = String.format(Locale.ROOT, "%s%06x", devicePrefix, ThreadLocalRandom.current().nextInt(1 << 24));
    }

    /**
     * Waits for an endpoint command's device and listener: a probe connection from the host, closed
     * at once (serve counts it as a connection). A TUN address that answers ping is not enough: the
     * listener must answer a SYN.
     */
    void waitUntilListening(InetSocketAddress server, CompletableFuture<Cli> command) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                host.inside(() -> {
                    try (SocketChannel probe = SocketChannel.open()) {
                        return probe.connect(server);
                    }
                });
                return;
            } catch (RuntimeException e) {
                assertThat(command).as("the command ended before it listened").isNotDone();
                assertThat(System.nanoTime()).as("listening within 30 s").isLessThan(end);
                Thread.sleep(20);
            }
        }
    }

    @Override
    public void close() {
        hosts.close();
    }
}
