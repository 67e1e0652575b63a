package io.tcplab.tun;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Throw-away hosts made of network namespaces — the test hosts of tests, and the hosts of real
 * runs ({@code ab}, {@code run --real}): namespaces with unique names ({@code tcplab-<pid>-<random>-<label>},
 * see {@link TcplabNames}),
 * veth pairs between them, private addresses assigned only inside them, commands run inside
 * them, and everything removed by {@link #close()} — also when a test fails, and from a JVM
 * shutdown hook when the run is interrupted. A fresh namespace has nothing but its loopback and
 * what is added here, so no traffic from inside it can reach any other network.
 *
 * <pre>{@code
 * Requires.testHosts(); // in a test: skips, or fails under TCPLAB_REQUIRE_TEST_HOSTS=1, without them
 * try (NamespaceHosts hosts = NamespaceHosts.create()) {
 *     NamespaceHosts.Host k = hosts.addHost("k");
 *     NamespaceHosts.Subnet net = hosts.subnet(); // 10.77.N.0/24, unique within this NamespaceHosts
 *     TunDevice tun = k.tun().name("tl0").address(net.cidr(1)).open();
 *     k.run("ping", "-c", "1", net.address(1));
 * }
 * }</pre>
 *
 * See {@code docs/test-hosts.md}.
 */
public final class NamespaceHosts implements AutoCloseable {
    private static final Pattern LABEL = Pattern.compile("[a-z0-9]{1,16}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<NamespaceHosts> LIVE = Collections.synchronizedSet(new LinkedHashSet<>());
    private static boolean hookInstalled;
    private static volatile Availability availability;

    private final String id;
    private final List<Host> hosts = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    private int nextSubnet;
    private int nextLink;
    private boolean closed;

    private NamespaceHosts() {
        this.id = String.format(Locale.ROOT, "%06x", RANDOM.nextInt(1 << 24));
    }

    /** Whether something the tests or commands need is here; if not, why not (what to install or do). */
    public record Availability(boolean ok, String reason) {
    }

    /**
     * Whether test hosts, and the tools and libpcap the tests use, must work here (CI):
     * {@code TCPLAB_REQUIRE_TEST_HOSTS=1} or {@code -Dtcplab.requireTestHosts=true}.
     */
    public static boolean required() {
        return "1".equals(System.getenv("TCPLAB_REQUIRE_TEST_HOSTS")) || Boolean.getBoolean("tcplab.requireTestHosts");
    }

    /** Checked once per JVM: euid 0, {@code ip} present, a probe namespace added and deleted, /dev/net/tun present. */
    public static Availability available() {
        Availability a = availability;
        if (a == null) {
            a = probe();
            availability = a;
        }
        return a;
    }

    private static Availability probe() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return new Availability(false, "test hosts need Linux network namespaces; this is " + System.getProperty("os.name"));
        }
        try {
            if (!Native.isRoot()) {
                return new Availability(false, "test hosts need root (network namespaces and TUN devices); run as root");
            }
        } catch (TunException e) {
            return new Availability(false, e.getMessage());
        }
        if (!new File("/dev/net/tun").exists()) {
            return new Availability(false, "/dev/net/tun is missing; load the tun module with modprobe tun");
        }
        if (Commands.ip() == null) {
            return new Availability(false, "ip not found (Debian: iproute2)");
        }
        String probe = TcplabNames.namespace(String.format(Locale.ROOT, "%06x", RANDOM.nextInt(1 << 24)), "probe");
        CommandResult add = Commands.ipQuiet(null, "netns", "add", probe);
        if (!add.ok()) {
            return new Availability(false, "ip netns does not work here: " + add.firstErrorLine());
        }
        CommandResult del = Commands.ipQuiet(null, "netns", "del", probe);
        if (!del.ok()) {
            return new Availability(false, "ip netns del failed: " + del.firstErrorLine());
        }
        return new Availability(true, "root, ip netns and /dev/net/tun are available");
    }

    /** A new, empty set of hosts, removed on {@link #close()} or at JVM exit at the latest. */
    public static NamespaceHosts create() {
        NamespaceHosts h = new NamespaceHosts();
        synchronized (LIVE) {
            if (!hookInstalled) {
                Runtime.getRuntime().addShutdownHook(new Thread(NamespaceHosts::closeAllLive, "tcplab-testhosts-cleanup"));
                hookInstalled = true;
            }
            LIVE.add(h);
        }
        return h;
    }

    private static void closeAllLive() {
        List<NamespaceHosts> live;
        synchronized (LIVE) {
            live = new ArrayList<>(LIVE);
        }
        for (NamespaceHosts h : live) {
            try {
                h.close();
            } catch (RuntimeException e) {
                System.err.println(e.getMessage());
            }
        }
    }

    /** The random part shared by every namespace name of this set. */
    public String id() {
        return id;
    }

    /** Adds a namespace {@code tcplab-<pid>-<id>-<label>} with its loopback up. */
    public synchronized Host addHost(String label) {
        checkOpen();
        if (label == null || !LABEL.matcher(label).matches()) {
            throw new TunException("tcplab: bad host label '" + label + "': use 1 to 16 of a-z and 0-9");
        }
        String name = TcplabNames.namespace(id, label);
        for (Host h : hosts) {
            if (h.name.equals(name)) {
                throw new TunException("tcplab: this NamespaceHosts already has a host labelled " + label);
            }
        }
        Commands.ip(null, "cannot create network namespace " + name, "netns", "add", name);
        Host host = new Host(label, name);
        hosts.add(host); // before anything else can fail: close() removes it
        host.ipOr("cannot bring lo up in " + name, "link", "set", "dev", "lo", "up");
        return host;
    }

    public synchronized List<Host> hosts() {
        return List.copyOf(hosts);
    }

    /** A fresh /24 from 10.77.0.0/16, unique within this set (namespaces are isolated, so sets may reuse them). */
    public synchronized Subnet subnet() {
        checkOpen();
        if (nextSubnet > 255) {
            throw new TunException("tcplab: this NamespaceHosts has used all 256 subnets of 10.77.0.0/16");
        }
        return new Subnet(nextSubnet++);
    }

    /** Connects two hosts with a veth pair on a fresh subnet: {@code a} gets .1, {@code b} gets .2, both up. */
    public Link link(Host a, Host b) {
        Subnet s = subnet();
        return link(a, s.cidr(1), b, s.cidr(2));
    }

    /** Connects two hosts with a veth pair carrying the given (private) addresses, both ends up. */
    public synchronized Link link(Host a, String aCidr, Host b, String bCidr) {
        checkOpen();
        checkMine(a);
        checkMine(b);
        InterfaceAddress aa = privateAddress(aCidr);
        InterfaceAddress ba = privateAddress(bCidr);
        int k = nextLink++;
        String aDev = deviceName(k, b.label);
        String bDev = deviceName(k, a.label);
        a.ipOr("cannot create a veth pair between " + a.name + " and " + b.name, "link", "add", aDev, "type", "veth",
                "peer", "name", bDev, "netns", b.name);
        a.addAddress(aDev, aa.toString());
        b.addAddress(bDev, ba.toString());
        a.ipOr("cannot bring " + aDev + " up in " + a.name, "link", "set", "dev", aDev, "up");
        b.ipOr("cannot bring " + bDev + " up in " + b.name, "link", "set", "dev", bDev, "up");
        return new Link(a, aDev, aa, b, bDev, ba);
    }

    private static String deviceName(int k, String peerLabel) {
        String n = "v" + k + "-" + peerLabel;
        return n.length() > 15 ? n.substring(0, 15) : n;
    }

    static InterfaceAddress privateAddress(String cidr) {
        InterfaceAddress a = InterfaceAddress.parse(cidr);
        if (!a.isPrivate()) {
            throw new TunException("tcplab: test hosts only get private addresses (10/8, 172.16/12, 192.168/16,"
                    + " fc00::/7), not " + a);
        }
        return a;
    }

    private void checkMine(Host h) {
        if (!hosts.contains(h)) {
            throw new TunException("tcplab: host " + h.name + " does not belong to this NamespaceHosts");
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new TunException("tcplab: this NamespaceHosts is closed");
        }
    }

    synchronized void track(Process p) {
        processes.add(p);
    }

    /**
     * Kills what was started inside the namespaces, then deletes every namespace (and with it the
     * veth pairs and any device in it). Tries everything; throws afterwards if something stayed.
     */
    @Override
    public void close() {
        List<Host> mine;
        List<Process> procs;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            mine = new ArrayList<>(hosts);
            procs = new ArrayList<>(processes);
        }
        LIVE.remove(this);
        for (Process p : procs) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : procs) {
            try {
                p.waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<String> problems = new ArrayList<>();
        for (int i = mine.size() - 1; i >= 0; i--) {
            Host h = mine.get(i);
            killPidsIn(h.name);
            CommandResult r = Commands.ipQuiet(null, "netns", "del", h.name);
            if (!r.ok() && namespaceExists(h.name)) {
                problems.add(h.name + ": " + r.firstErrorLine());
            }
        }
        if (!problems.isEmpty()) {
            throw new TunException("tcplab: could not remove network namespaces " + String.join("; ", problems));
        }
    }

    /**
     * Processes still in the namespace (anything a command left in the background) are ours: kill
     * them. Returns their pids. Also {@link Leftovers}': a process keeps a deleted namespace, and
     * the devices in it, alive.
     */
    static List<Long> killPidsIn(String ns) {
        List<Long> killed = new ArrayList<>();
        for (long pid : pidsIn(ns)) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroyForcibly();
                killed.add(pid);
            });
        }
        return killed;
    }

    /** The pids {@code ip netns pids} names for the namespace (none if it cannot say). */
    static List<Long> pidsIn(String ns) {
        List<Long> out = new ArrayList<>();
        CommandResult r = Commands.ipQuiet(null, "netns", "pids", ns);
        if (r.ok()) {
            for (String line : r.stdout().split("\n")) {
                line = line.strip();
                if (!line.isEmpty() && line.chars().allMatch(Character::isDigit)) {
                    out.add(Long.parseLong(line));
                }
            }
        }
        return out;
    }

    /** Whether {@code ip netns} still lists a namespace of that name. */
    public static boolean namespaceExists(String name) {
        return Files.exists(Path.of("/var/run/netns", name));
    }

    /** A /24 of 10.77.0.0/16: {@code cidr(1)} is {@code 10.77.N.1/24}, {@code address(2)} is {@code 10.77.N.2}. */
    public record Subnet(int index) {
        public Subnet {
            if (index < 0 || index > 255) {
                throw new IllegalArgumentException("subnet index must be 0 to 255, got " + index);
            }
        }

        public String address(int host) {
            if (host < 1 || host > 254) {
                throw new IllegalArgumentException("host must be 1 to 254, got " + host);
            }
            return "10.77." + index + "." + host;
        }

        public String cidr(int host) {
            return address(host) + "/24";
        }

        @Override
        public String toString() {
            return "10.77." + index + ".0/24";
        }
    }

    /** One veth pair: {@code aDevice} with {@code aAddress} in {@code a}, its peer in {@code b}. */
    public record Link(Host a, String aDevice, InterfaceAddress aAddress, Host b, String bDevice,
                       InterfaceAddress bAddress) {
    }

    /** One namespace. */
    public final class Host implements Namespace {
        private final String label;
        private final String name;

        private Host(String label, String name) {
            this.label = label;
            this.name = name;
        }

        /** The namespace name, as {@code ip netns} shows it. */
        @Override
        public String name() {
            return name;
        }

        public String label() {
            return label;
        }

        /** Runs {@code ip -n NAME args...}; returns its output, throws with ip's message on failure. */
        @Override
        public String ip(String... args) {
            return ipOr("ip " + String.join(" ", args) + " failed in " + name, args);
        }

        private String ipOr(String what, String... args) {
            return Commands.ip(name, what, args);
        }

        /** Adds a private address to a device inside this namespace. */
        public void addAddress(String device, String cidr) {
            InterfaceAddress a = privateAddress(cidr);
            ipOr("cannot add address " + a + " to " + device + " in " + name, a.isIpv4() ? "-4" : "-6", "addr", "add",
                    a.toString(), "dev", device);
        }

        /** Runs a command inside the namespace ({@code ip netns exec}) and waits up to 60 s. */
        public CommandResult exec(String... command) {
            return exec(Duration.ofSeconds(60), command);
        }

        @Override
        public CommandResult exec(Duration timeout, String... command) {
            return Commands.run(execArgv(command), timeout);
        }

        /** Like {@link #exec} but throws, with the command's first error line, unless it exits 0; returns stdout. */
        @Override
        public String run(String... command) {
            CommandResult r = exec(command);
            if (!r.ok()) {
                throw new TunException("tcplab: " + String.join(" ", command) + " failed in " + name + ": "
                        + r.firstErrorLine());
            }
            return r.stdout();
        }

        /** Starts a command inside the namespace without waiting; it is killed by {@link NamespaceHosts#close()}. */
        public Process start(String... command) {
            checkOpen();
            try {
                Process p = new ProcessBuilder(execArgv(command)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
                track(p);
                return p;
            } catch (IOException e) {
                throw new TunException("tcplab: cannot start " + String.join(" ", command) + " in " + name + ": "
                        + e.getMessage(), e);
            }
        }

        private List<String> execArgv(String... command) {
            List<String> argv = Commands.ipArgv(null, "netns", "exec", name);
            argv.addAll(List.of(command));
            return argv;
        }

        /**
         * Runs {@code body} on a thread inside this namespace: sockets it opens (a kernel TCP
         * listener, say) live in the namespace and may then be used from any thread.
         */
        @Override
        public <T> T inside(Callable<T> body) {
            return NetNs.inside(name, body);
        }

        /** A TUN device builder that creates the device inside this namespace. */
        @Override
        public TunDevice.Builder tun() {
            return TunDevice.builder().namespace(name);
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
