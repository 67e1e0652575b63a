package io.tcplab.tun;

import static org.junit.jupiter.api.Assertions.fail;

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
        TestHosts.Availability a = TestHosts.available();
        if (a.ok()) {
            return;
        }
        if ("1".equals(System.getenv("TCPLAB_REQUIRE_TEST_HOSTS")) || Boolean.getBoolean("tcplab.requireTestHosts")) {
            fail("test hosts are required here but unavailable: " + a.reason());
        }
        Assumptions.assumeTrue(false, a.reason());
    }
}
