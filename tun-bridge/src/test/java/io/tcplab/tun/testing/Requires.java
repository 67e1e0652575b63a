package io.tcplab.tun.testing;

import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * The one place a test says what it needs from the machine: test hosts (root, network
 * namespaces, /dev/net/tun, iproute2), a program such as tshark, or libpcap. What is missing skips
 * the test with a reason naming the Debian package, except where the machine must have it all
 * (CI: {@code TCPLAB_REQUIRE_TEST_HOSTS=1} or {@code -Dtcplab.requireTestHosts=true}), where it
 * fails the test, so that a broken CI image cannot pass by skipping.
 *
 * <p>Every distinct skip reason is also printed once, because surefire's summary counts skipped
 * tests without saying why.
 */
public final class Requires {
    private static final Set<String> PRINTED = ConcurrentHashMap.newKeySet();

    private final SystemTools tools;
    private final boolean required;
    private final boolean announce;

    /** A check against {@code tools}: failing when {@code required}, skipping otherwise. */
    public Requires(SystemTools tools, boolean required) {
        this(tools, required, false);
    }

    private Requires(SystemTools tools, boolean required, boolean announce) {
        this.tools = tools;
        this.required = required;
        this.announce = announce;
    }

    /** This machine, in the mode the environment asks for; its skip reasons are printed. */
    public static Requires here() {
        return new Requires(SystemTools.here(), NamespaceHosts.required(), true);
    }

    /** Network namespaces and TUN devices can be made here. */
    public static void testHosts() {
        here().met(NamespaceHosts.available(), "test hosts");
    }

    /** {@code tool} is on the PATH; {@code why} says what the test uses it for. */
    public static void tool(SystemTools.Tool tool, String why) {
        here().need(tool, why);
    }

    /** libpcap loads; {@code why} says what the test uses it for. */
    public static void libpcap(String why) {
        here().needLibpcap(why);
    }

    public void need(SystemTools.Tool tool, String why) {
        met(tools.tool(tool), why);
    }

    public void needLibpcap(String why) {
        met(tools.libpcap(), why);
    }

    /** Returns if {@code a} is ok; otherwise fails (required) or skips, naming {@code why}. */
    public void met(NamespaceHosts.Availability a, String why) {
        if (a.ok()) {
            return;
        }
        String reason = a.reason() + "; needed for " + why;
        if (required) {
            throw new AssertionFailedError(reason + " (required here: TCPLAB_REQUIRE_TEST_HOSTS=1)");
        }
        if (announce && PRINTED.add(reason)) {
            System.out.println("tcplab: skipping tests: " + reason);
        }
        Assumptions.abort(reason);
    }
}
