package io.tcplab.tools.realhost;

import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tcplab link}'s bridge: TUN A in the left namespace, TUN B in the right one, the
 * emulator's link between them in real time, until the duration is up, the link fails or
 * SIGINT/SIGTERM; then the counters of each direction, printed once by whichever of these stops it.
 */
public final class LinkBridgeRun {
    /**
     * The two sides: each one's namespace, address (CIDR) and device name ({@code %d} lets the
     * kernel number it). Both namespaces null: two throw-away ones, removed at the end.
     */
    public record Sides(String leftNs, String leftAddr, String leftDev, String rightNs, String rightAddr,
                        String rightDev, int mtu) {
    }

    private final Object stopLock = new Object();
    private boolean stopped;

    private LinkBridgeRun() {
    }

    /**
     * Runs the link ({@code durationNanos} null: until a signal); prints where it is and, at the
     * end, its counters. What the system refuses, or the link failing, is a {@link TunException}.
     */
    public static void run(Sides s, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                           LinkSchedule reverseSchedule, long seed, Long durationNanos, PrintWriter out)
            throws InterruptedException {
        new LinkBridgeRun().bridge(s, forward, reverse, forwardSchedule, reverseSchedule, seed, durationNanos, out);
    }

    private void bridge(Sides s, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                        LinkSchedule reverseSchedule, long seed, Long durationNanos, PrintWriter out)
            throws InterruptedException {
        NamespaceHosts hosts = null;
        String left = s.leftNs();
        String right = s.rightNs();
        if (left == null && right == null) {
            NamespaceHosts.Availability a = NamespaceHosts.available();
            if (!a.ok()) {
                throw new TunException("tcplab: " + a.reason());
            }
            hosts = NamespaceHosts.create();
            left = hosts.addHost("left").name();
            right = hosts.addHost("right").name();
        }
        LinkBridge bridge = null;
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = null;
        try {
            BridgeTopology.Devices d = BridgeTopology.open(left, s.leftAddr(), s.leftDev(), right, s.rightAddr(),
                    s.rightDev(), s.mtu());
            bridge = LinkBridge.builder(d.a(), d.b()).forward(forward).reverse(reverse)
                    .forwardSchedule(forwardSchedule).reverseSchedule(reverseSchedule)
                    .names("left->right", "right->left").seed(seed).start();
            String rightHost = s.rightAddr().substring(0, s.rightAddr().indexOf('/'));
            out.printf(Locale.ROOT, "link up: %s (%s in %s) <-> %s (%s in %s), mtu %d%n", s.leftAddr(), d.a().name(),
                    left, s.rightAddr(), d.b().name(), right, s.mtu());
            out.printf(Locale.ROOT, "left->right %s%nright->left %s%n", forward, reverse);
            out.printf(Locale.ROOT, "try: ip netns exec %s ping %s%n", left, rightHost);
            out.flush();
            LinkBridge b = bridge;
            NamespaceHosts h = hosts;
            hook = new Thread(() -> {
                stop(b, h, out);
                try {
                    done.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "tcplab-link-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            if (durationNanos != null) {
                long end = System.nanoTime() + durationNanos;
                while (bridge.isRunning() && end - System.nanoTime() > 0) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(end - System.nanoTime(), 100_000_000L));
                }
            } else {
                bridge.join();
            }
            Throwable failure = bridge.failure();
            stop(bridge, hosts, out);
            if (failure != null) {
                throw failure instanceof TunException t ? t : new TunException("tcplab: the link failed: " + failure);
            }
        } finally {
            stop(bridge, hosts, null);
            done.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // shutting down already: the hook does the rest
                }
            }
        }
    }

    /** Stops the bridge and prints its counters (once), then removes throw-away namespaces. */
    private void stop(LinkBridge bridge, NamespaceHosts hosts, PrintWriter out) {
        synchronized (stopLock) {
            if (stopped) {
                return;
            }
            stopped = true;
            try {
                if (bridge != null) {
                    bridge.close();
                    if (out != null) {
                        out.printf(Locale.ROOT, "after %.3f s%n", bridge.elapsedNanos() / 1e9);
                        out.println(bridge.forward().line());
                        out.println(bridge.forward().queueLine());
                        out.println(bridge.reverse().line());
                        out.println(bridge.reverse().queueLine());
                        out.flush();
                    }
                }
            } finally {
                if (hosts != null) {
                    hosts.close();
                }
            }
        }
    }
}
