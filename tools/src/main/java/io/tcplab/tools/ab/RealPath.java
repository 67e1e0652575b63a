package io.tcplab.tools.ab;

import io.tcplab.stack.conn.EcnMode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tun.Namespace;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TunException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Two throw-away namespaces with the user-space link between them, as {@code tcplab ab} and
 * {@code tcplab experiment delay-spike --real} use them:
 *
 * <pre>
 *  left ns                                                         right ns
 *  kernel sender ─┐
 *                 ├─ 10.77.1.1 TUN A ══ LinkBridge ══ TUN B 10.77.2.1 ─ kernel receiver
 *  tcplab 10.77.3.2 ── TUN 10.77.3.1 ─┘ (ip_forward=1)   route 10.77.3.0/24 dev B
 * </pre>
 *
 * The left namespace forwards (so tcplab's TUN reaches the link) and its kernel's default
 * algorithm is the one asked for; with a {@link PathSizing} its senders' send buffers, the right
 * side's receive buffers and the txqueuelen of every TUN device are sized for the path. Each run
 * opens its own {@link RealLink}. {@link #close()}
 * removes the namespaces and whatever is in them; an interrupted JVM leaves that to NamespaceHosts'
 * shutdown hook. Setup failures are {@link AbException}s with one line.
 */
public final class RealPath implements AutoCloseable {
    public static final String LEFT_CIDR = "10.77.1.1/24";
    public static final String RIGHT_CIDR = "10.77.2.1/24";
    public static final String RIGHT_ADDR = "10.77.2.1";
    public static final String OURS_CIDR = "10.77.3.1/24";
    public static final String OURS_NET = "10.77.3.0/24";
    public static final String OURS_ADDR = "10.77.3.2";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final NamespaceHosts hosts;
    /** The host's allowed list, to put back on close, or null when it was left alone. */
    private AllowedAlgorithm allowed;
    private final NamespaceHosts.Host left;
    private final NamespaceHosts.Host right;
    private final PathSizing sizing;

    private RealPath(NamespaceHosts hosts, NamespaceHosts.Host left, NamespaceHosts.Host right, PathSizing sizing) {
        this.hosts = hosts;
        this.left = left;
        this.right = right;
        this.sizing = sizing;
    }

    /** The algorithms the kernel offers, from /proc (the same in every namespace). */
    public static List<String> kernelAlgorithms() {
        try {
            return Arrays.asList(Files.readString(Path.of("/proc/sys/net/ipv4/tcp_available_congestion_control"))
                    .trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The name of a tcplab algorithm spec without parameters ({@code reno} for {@code Reno:x=1}): what the kernel is asked for. */
    public static String algorithmName(String ccSpec) {
        int colon = ccSpec.indexOf(':');
        return (colon < 0 ? ccSpec : ccSpec.substring(0, colon)).trim().toLowerCase(java.util.Locale.ROOT);
    }

    /** {@link #open(String, PathSizing, EcnMode)} with the kernel's own buffers and device queues, no ECN. */
    public static RealPath open(String kernelAlgorithm) {
        return open(kernelAlgorithm, PathSizing.KERNEL_DEFAULTS, EcnMode.OFF);
    }

    /**
     * Checks root, namespaces and the kernel's algorithm first, then makes the namespaces; with
     * {@code ecn} classic the left kernel asks for ECN on its connections ({@code tcp_ecn=1}; the
     * right one's default, 2, accepts it); with accecn both ask for and accept Accurate ECN
     * ({@code tcp_ecn=3}, Linux 7.0 and later — "tcp: accecn: enable AccECN", February 2026: an older
     * kernel refuses the value, and the run fails saying so).
     */
    public static RealPath open(String kernelAlgorithm, PathSizing sizing, EcnMode ecn) {
        NamespaceHosts.Availability a = NamespaceHosts.available();
        if (!a.ok()) {
            throw new AbException(a.reason());
        }
        List<String> kernel = kernelAlgorithms();
        if (!kernel.contains(kernelAlgorithm)) {
            throw new AbException("the kernel has no congestion control '" + kernelAlgorithm + "' (it has: "
                    + String.join(", ", kernel) + ")");
        }
        NamespaceHosts hosts = NamespaceHosts.create();
        AllowedAlgorithm allowed = null;
        try {
            NamespaceHosts.Host left = hosts.addHost("left");
            NamespaceHosts.Host right = hosts.addHost("right");
            left.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
            allowed = AllowedAlgorithm.allow(kernelAlgorithm);
            left.run("sysctl", "-qw", "net.ipv4.tcp_congestion_control=" + kernelAlgorithm);
            if (ecn == EcnMode.CLASSIC) {
                left.run("sysctl", "-qw", "net.ipv4.tcp_ecn=1");
            } else if (ecn == EcnMode.ACCECN) {
                if (!left.exec("sysctl", "-qw", "net.ipv4.tcp_ecn=3").ok()) {
                    throw new AbException("this kernel (" + System.getProperty("os.version") + ") has no Accurate ECN: "
                            + "net.ipv4.tcp_ecn refuses 3 (Linux 7.0 and later accept it); compare with --ecn classic,"
                            + " or on a newer kernel");
                }
                right.run("sysctl", "-qw", "net.ipv4.tcp_ecn=3");
            }
            if (!sizing.kernelDefaults()) {
                setBufferMaximum(left, "net.ipv4.tcp_wmem", sizing.socketBufferBytes());
                setBufferMaximum(right, "net.ipv4.tcp_rmem", sizing.socketBufferBytes());
            }
            RealPath path = new RealPath(hosts, left, right, sizing);
            path.allowed = allowed;
            return path;
        } catch (RuntimeException e) {
            hosts.close();
            if (allowed != null) {
                allowed.close();
            }
            throw wrap(e);
        }
    }

    /** The third value (the autotuning ceiling) of a per-namespace {@code min default max} sysctl. */
    public static void setBufferMaximum(NamespaceHosts.Host host, String key, int bytes) {
        String[] v = host.run("sysctl", "-n", key).trim().split("\\s+");
        host.run("sysctl", "-qw", key + "=" + v[0] + " " + v[1] + " " + bytes);
    }

    public PathSizing sizing() {
        return sizing;
    }

    public NamespaceHosts.Host left() {
        return left;
    }

    public NamespaceHosts.Host right() {
        return right;
    }

    public List<String> namespaces() {
        return List.of(left.name(), right.name());
    }

    /** The left kernel's default algorithm, as sysctl reports it. */
    public String leftAlgorithm() {
        return left.run("sysctl", "-n", "net.ipv4.tcp_congestion_control").trim();
    }

    /**
     * A fresh link with these settings and schedules (counted from its start), and a route back
     * to tcplab's subnet in the right namespace.
     */
    public RealLink openLink(LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule,
                             LinkSchedule reverseSchedule, long seed, int mtu, String threadName) {
        BridgeTopology.Devices d = BridgeTopology.open(left.name(), LEFT_CIDR, "tcplab-ka%d", right.name(), RIGHT_CIDR,
                "tcplab-kb%d", mtu, sizing.deviceQueuePackets());
        LinkBridge bridge = LinkBridge.builder(d.a(), d.b()).forward(forward.copy()).reverse(reverse.copy())
                .forwardSchedule(forwardSchedule).reverseSchedule(reverseSchedule).names("left->right", "right->left")
                .seed(seed).threadName(threadName).start();
        try {
            right.ip("-4", "route", "add", OURS_NET, "dev", d.b().name());
        } catch (RuntimeException e) {
            bridge.close();
            throw e;
        }
        return new RealLink(bridge, d.a().name(), d.b().name());
    }

    /** A kernel listening socket on the right side's address. */
    public ServerSocketChannel listen(int port) {
        return right.inside(() -> {
            ServerSocketChannel s = ServerSocketChannel.open();
            s.bind(new InetSocketAddress(RIGHT_ADDR, port));
            return s;
        });
    }

    /**
     * What the kernel dropped on the link's own devices and the bridge's writes that it refused,
     * added to {@code drops}: everything lost between the senders and the link and between the
     * link and the receiver, besides the link itself.
     */
    public void linkDevicesDrops(RealLink link, OutsideDrops.Builder drops) {
        deviceDrops(left, link.leftDevice(), drops);
        deviceDrops(right, link.rightDevice(), drops);
        drops.add("bridge writes into " + link.rightDevice(), link.bridge().forward().writeDrops());
        drops.add("bridge writes into " + link.leftDevice(), link.bridge().reverse().writeDrops());
    }

    /**
     * What was lost between a tcplab stack and the kernel, added to {@code drops}: the drops of the
     * driver's TUN device (its TX ring holds what the kernel sends the stack, and drops when full
     * without pushing back) and the writes the kernel refused. Read while the device exists.
     */
    public static void tcplabDeviceDrops(RealTimeDriver driver, OutsideDrops.Builder drops) {
        String device = driver.device().name();
        try {
            deviceDrops(Namespace.of(driver.device().namespace()), device, drops);
        } catch (TunException e) {
            drops.add(device + " counters", -1); // its namespace is gone: unknown, and said so
        }
        drops.add("tcplab writes into " + device, driver.writeDrops());
    }

    /**
     * The drops of one device of {@code host}: TX (the transmit ring towards whoever reads it,
     * full), RX (packets written to it that the kernel refused) and its qdisc's; unknown ones are
     * added as -1.
     */
    public static void deviceDrops(Namespace host, String device, OutsideDrops.Builder drops) {
        long tx = -1;
        long rx = -1;
        long qdisc = -1;
        try {
            JsonNode stats = MAPPER.readTree(host.ip("-j", "-s", "link", "show", "dev", device)).path(0)
                    .path("stats64");
            tx = stats.path("tx").path("dropped").asLong(-1);
            rx = stats.path("rx").path("dropped").asLong(-1);
            long sum = 0;
            for (JsonNode q : MAPPER.readTree(host.run("tc", "-j", "-s", "qdisc", "show", "dev", device))) {
                sum += q.path("drops").asLong(0);
            }
            qdisc = sum;
        } catch (RuntimeException | IOException e) {
            // left as unknown: the report shows it and refuses the comparison
        }
        drops.add(device + " TX", tx);
        drops.add(device + " RX", rx);
        drops.add(device + " qdisc", qdisc);
    }

    @Override
    public void close() {
        if (allowed != null) {
            allowed.close();
        }
        hosts.close();
    }

    /** A TunException's message without its "tcplab: " prefix, as an AbException; others as they are. */
    public static RuntimeException wrap(RuntimeException e) {
        if (e instanceof TunException) {
            String m = e.getMessage();
            return new AbException(m != null && m.startsWith("tcplab: ") ? m.substring(8) : String.valueOf(m), e);
        }
        return e;
    }
}
