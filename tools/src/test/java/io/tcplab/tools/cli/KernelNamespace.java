package io.tcplab.tools.cli;

import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

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

    @Override
    public void close() {
        hosts.close();
    }
}
