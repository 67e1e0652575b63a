package io.tcplab.tun;


import org.junit.jupiter.api.Assumptions;

/**
 * Skips a test, with the reason, where test hosts cannot be made (not root, no ip netns, no
 * /dev/net/tun). Where they must run (CI as root), set TCPLAB_REQUIRE_TEST_HOSTS=1 or
 * -Dtcplab.requireTestHosts=true and an unavailable host fails the test instead of skipping it.
 */
final class NeedsTestHosts {
    private NeedsTestHosts() {
    }

    static void assume() {
        TestHosts.Availability a = TestHosts.availableForTests();
        Assumptions.assumeTrue(a.ok(), a.reason());
    }
}
