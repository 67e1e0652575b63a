package io.tcplab.tun.testing;

import io.tcplab.tun.NamespaceHosts;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The usual fixture of a test that runs tcplab over a TUN device against the kernel's TCP: a fresh
 * namespace {@link #host()} that will hold the device's kernel side, a {@link #subnet()} (the
 * kernel {@code .1}, tcplab {@code .2}) and an unused device name. {@link #create} checks the
 * machine first ({@link Requires#testHosts()}: skip, or fail under TCPLAB_REQUIRE_TEST_HOSTS=1).
 */
public final class KernelPeer implements AutoCloseable {
    private final NamespaceHosts hosts;
    private final NamespaceHosts.Host host;
    private final NamespaceHosts.Subnet subnet;
    private final String tun;

    private KernelPeer(String tunPrefix) {
        hosts = NamespaceHosts.create();
        host = hosts.addHost("k");
        subnet = hosts.subnet();
        // random, so that a device left by a killed run never collides with the next one
        tun = String.format(Locale.ROOT, "%s%06x", tunPrefix, ThreadLocalRandom.current().nextInt(1 << 24));
    }

    /** {@code tunPrefix}: up to 9 characters, so that the name fits IFNAMSIZ. */
    public static KernelPeer create(String tunPrefix) {
        Requires.testHosts();
        return new KernelPeer(tunPrefix);
    }

    public NamespaceHosts.Host host() {
        return host;
    }

    public NamespaceHosts.Subnet subnet() {
        return subnet;
    }

    public String tun() {
        return tun;
    }

    @Override
    public void close() {
        hosts.close();
    }
}
