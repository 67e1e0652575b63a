package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import io.tcplab.tools.link.bridge.BridgeTopology;
import io.tcplab.tools.link.bridge.DirectionStats;
import io.tcplab.tools.link.bridge.LinkBridge;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.PatternInputStream;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TestHosts;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.TunException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the same transfer twice through the same user-space link: A, the kernel's TCP in the left
 * namespace (its default algorithm there set to the same name) to a kernel receiver in the right
 * one; B, tcplab behind a TUN device whose kernel side is also in the left namespace, which
 * forwards its packets into the link, to the same kind of receiver.
 *
 * <pre>
 *  left ns                                                         right ns
 *  kernel sender ─┐
 *                 ├─ 10.77.1.1 TUN A ══ LinkBridge ══ TUN B 10.77.2.1 ─ kernel receiver (Java, counts bytes)
 *  tcplab 10.77.3.2 ── TUN 10.77.3.1 ─┘ (ip_forward=1)   route 10.77.3.0/24 dev B
 * </pre>
 *
 * Each run gets a fresh link with the same seed. The kernel sender is sampled with {@code ss -tin}
 * every interval; tcplab's through its trace listener. Everything (namespaces, devices, threads)
 * is removed afterwards, also on failure; an interrupted JVM leaves the namespaces to TestHosts'
 * shutdown hook.
 */
public final class AbRunner {
    static final String LEFT_CIDR = "10.77.1.1/24";
    static final String RIGHT_CIDR = "10.77.2.1/24";
    static final String RIGHT_ADDR = "10.77.2.1";
    static final String OURS_CIDR = "10.77.3.1/24";
    static final String OURS_NET = "10.77.3.0/24";
    static final String OURS_ADDR = "10.77.3.2";
    private static final int CHUNK = 1 << 16;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final AbSpec spec;
    private final PrintWriter log;

    /** {@code log} gets a line per step (null: quiet). */
    public AbRunner(AbSpec spec, PrintWriter log) {
        this.spec = spec;
        this.log = log;
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

    public AbResult run() throws InterruptedException {
        TestHosts.Availability a = TestHosts.available();
        if (!a.ok()) {
            throw new AbException(a.reason());
        }
        List<String> kernel = kernelAlgorithms();
        if (!kernel.contains(spec.ccName())) {
            throw new AbException("the kernel has no congestion control '" + spec.ccName() + "' (it has: "
                    + String.join(", ", kernel) + ")");
        }
        AbResult result;
        try (TestHosts hosts = TestHosts.create()) {
            TestHosts.Host left = hosts.addHost("left");
            TestHosts.Host right = hosts.addHost("right");
            left.run("sysctl", "-qw", "net.ipv4.ip_forward=1");
            left.run("sysctl", "-qw", "net.ipv4.tcp_congestion_control=" + spec.ccName());
            say("namespaces %s and %s; kernel algorithm in %s: %s", left.name(), right.name(), left.name(),
                    left.run("sysctl", "-n", "net.ipv4.tcp_congestion_control").trim());
            RunResult k = kernelRun(left, right);
            say("A kernel %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits, %d samples", spec.ccName(), k.bytes(),
                    k.durationNanos() / 1e9, k.goodputBitsPerSec() / 1e6, k.retransmits(), k.samples().size());
            RunResult t = tcplabRun(left, right);
            say("B tcplab %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits, %d samples", spec.cc(), t.bytes(),
                    t.durationNanos() / 1e9, t.goodputBitsPerSec() / 1e6, t.retransmits(), t.samples().size());
            result = new AbResult(spec, k, t, List.of(left.name(), right.name()));
        } catch (TunException e) {
            throw new AbException(strip(e.getMessage()), e);
        }
        return result;
    }

    /** A running bridge and the name of its left device. */
    private record OpenLink(LinkBridge bridge, String leftDevice) implements AutoCloseable {
        @Override
        public void close() {
            bridge.close();
        }
    }

    /** A fresh link between the namespaces, with a route back to tcplab's subnet in the right one. */
    private OpenLink openLink(TestHosts.Host left, TestHosts.Host right) {
        BridgeTopology.Devices d = BridgeTopology.open(left.name(), LEFT_CIDR, "tlka%d", right.name(), RIGHT_CIDR,
                "tlkb%d", spec.mtu());
        LinkBridge bridge = LinkBridge.builder(d.a(), d.b()).forward(spec.forward().copy())
                .reverse(spec.reverse().copy()).forwardSchedule(spec.forwardSchedule())
                .reverseSchedule(spec.reverseSchedule()).names("left->right", "right->left").seed(spec.seed())
                .threadName("tcplab-ab-link").start();
        try {
            right.ip("-4", "route", "add", OURS_NET, "dev", d.b().name());
        } catch (RuntimeException e) {
            bridge.close();
            throw e;
        }
        return new OpenLink(bridge, d.a().name());
    }

    private ServerSocketChannel listen(TestHosts.Host right, int port) {
        return right.inside(() -> {
            ServerSocketChannel s = ServerSocketChannel.open();
            s.bind(new InetSocketAddress(RIGHT_ADDR, port));
            return s;
        });
    }

    private record Received(long bytes, long eofNanos) {
    }

    private static CompletableFuture<Received> receive(ServerSocketChannel server, String name) {
        CompletableFuture<Received> out = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (SocketChannel ch = server.accept()) {
                ByteBuffer buf = ByteBuffer.allocateDirect(1 << 18);
                long total = 0;
                int n;
                while ((n = ch.read(buf)) >= 0) {
                    total += n;
                    buf.clear();
                }
                out.complete(new Received(total, System.nanoTime()));
            } catch (IOException | RuntimeException e) {
                out.completeExceptionally(e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return out;
    }

    private Received await(CompletableFuture<Received> f, String what) throws InterruptedException {
        try {
            Received r = f.get(spec.timeoutNanos(), TimeUnit.NANOSECONDS);
            if (r.bytes() != spec.bytes()) {
                throw new AbException(what + ": the receiver got " + r.bytes() + " of " + spec.bytes() + " bytes");
            }
            return r;
        } catch (TimeoutException e) {
            throw new AbException(what + ": not done after " + spec.timeoutNanos() / 1_000_000_000L + " s");
        } catch (ExecutionException e) {
            throw new AbException(what + ": the receiver failed: " + e.getCause(), e.getCause());
        }
    }

    // ---- A: kernel to kernel -------------------------------------------------------------

    private RunResult kernelRun(TestHosts.Host left, TestHosts.Host right) throws InterruptedException {
        int port = spec.port();
        try (OpenLink link = openLink(left, right); ServerSocketChannel server = listen(right, port);
             SocketChannel sender = left.inside(SocketChannel::open)) {
            CompletableFuture<Received> got = receive(server, "tcplab-ab-receiver-a");
            KernelSampler sampler = new KernelSampler(left, port);
            long t0 = System.nanoTime();
            sampler.start(t0);
            sender.connect(new InetSocketAddress(RIGHT_ADDR, port));
            sampler.localPort(((InetSocketAddress) sender.getLocalAddress()).getPort());
            // the same bytes as tcplab sends in run B
            PatternInputStream data = new PatternInputStream(spec.seed(), spec.bytes());
            byte[] chunk = new byte[CHUNK];
            int n;
            while ((n = data.read(chunk, 0, CHUNK)) > 0) {
                ByteBuffer b = ByteBuffer.wrap(chunk, 0, n);
                while (b.hasRemaining()) {
                    sender.write(b);
                }
            }
            sender.shutdownOutput();
            Received r = await(got, "kernel run");
            sampler.stop();
            sampler.sampleOnce(); // the final state, before the socket goes
            List<Sample> samples = sampler.samples();
            SsParser.Socket last = sampler.last();
            if (last == null) {
                throw new AbException("kernel run: ss never showed the sender's socket");
            }
            if (!last.congestionControl().equals(spec.ccName())) {
                throw new AbException("kernel run: the sender used " + last.congestionControl() + ", not "
                        + spec.ccName());
            }
            checkBridge(link.bridge(), "kernel run");
            long txDrops = txDrops(left, link.leftDevice());
            DirectionStats f = link.bridge().forward();
            return new RunResult("kernel", last.congestionControl(), r.bytes(), r.eofNanos() - t0,
                    last.retransmitsTotal(), last.cwndBytes(), last.mss(), samples, f.offered(),
                    f.queueDropped() + f.lost(), txDrops);
        } catch (IOException e) {
            throw new AbException("kernel run: " + e.getMessage(), e);
        }
    }

    /** TX drops of the bridge's left device (the kernel's queue into the link), or -1. */
    private static long txDrops(TestHosts.Host left, String device) {
        try {
            String json = left.ip("-j", "-s", "link", "show", "dev", device);
            JsonNode n = MAPPER.readTree(json).path(0).path("stats64").path("tx").path("dropped");
            return n.isNumber() ? n.asLong() : -1;
        } catch (RuntimeException | IOException e) {
            return -1;
        }
    }

    private static void checkBridge(LinkBridge bridge, String what) {
        if (bridge.failure() != null) {
            throw new AbException(what + ": the link failed: " + bridge.failure(), bridge.failure());
        }
    }

    /** Runs {@code ss -tinH dst RIGHT} in the left namespace every interval and keeps the sender's line. */
    private final class KernelSampler {
        private final TestHosts.Host host;
        private final int peerPort;
        private final List<Sample> samples = new ArrayList<>();
        private volatile int localPort = -1;
        private volatile boolean running;
        private Thread thread;
        private long t0;
        private SsParser.Socket last;

        KernelSampler(TestHosts.Host host, int peerPort) {
            this.host = host;
            this.peerPort = peerPort;
        }

        void localPort(int port) {
            localPort = port;
        }

        void start(long t0) {
            this.t0 = t0;
            running = true;
            thread = new Thread(() -> {
                long next = System.nanoTime();
                while (running) {
                    sampleOnce();
                    next += spec.sampleIntervalNanos();
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        try {
                            TimeUnit.NANOSECONDS.sleep(wait);
                        } catch (InterruptedException e) {
                            return;
                        }
                    } else {
                        next = System.nanoTime();
                    }
                }
            }, "tcplab-ab-ss");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join(5000);
        }

        void sampleOnce() {
            int port = localPort;
            if (port < 0) {
                return;
            }
            long at = System.nanoTime();
            CommandResult r = host.exec(Duration.ofSeconds(5), "ss", "-tinH", "dst", RIGHT_ADDR);
            if (!r.ok()) {
                return;
            }
            for (SsParser.Socket s : SsParser.parse(r.stdout())) {
                if (s.localPort() == port && s.peerPort() == peerPort && s.mss() > 0) {
                    synchronized (this) {
                        last = s;
                        samples.add(new Sample(at - t0, s.cwndBytes(), Math.round(s.rttMillis() * 1e6),
                                s.retransmitsTotal(), s.bytesAcked()));
                    }
                }
            }
        }

        synchronized List<Sample> samples() {
            return List.copyOf(samples);
        }

        synchronized SsParser.Socket last() {
            return last;
        }
    }

    // ---- B: tcplab to kernel -------------------------------------------------------------

    private RunResult tcplabRun(TestHosts.Host left, TestHosts.Host right) throws InterruptedException {
        int port = spec.port() + 1;
        TunDevice tun = left.tun().name("tlab%d").address(OURS_CIDR).mtu(spec.mtu()).open();
        StackConfig config = StackConfig.builder(RandomSource.seeded(spec.seed()))
                .address(InterfaceAddress.parseAddress(OURS_ADDR)).build();
        RealTimeDriver driver = RealTimeDriver.builder(tun, config).threadName("tcplab-ab-stack").start();
        try (OpenLink link = openLink(left, right); ServerSocketChannel server = listen(right, port)) {
            CompletableFuture<Received> got = receive(server, "tcplab-ab-receiver-b");
            ConnectionOptions options = spec.tcplab();
            Tracer tracer = new Tracer(spec.sampleIntervalNanos());
            long t0 = System.nanoTime();
            tracer.t0 = t0;
            InputStreamSource writer = new InputStreamSource(new PatternInputStream(spec.seed(), spec.bytes()));
            Connection conn = driver.call(() -> {
                Connection c = driver.stack().connect(driver.now(), InterfaceAddress.parseAddress(RIGHT_ADDR), port,
                        options, writer);
                c.setTraceListener(tracer::onTrace);
                return c;
            });
            Received r;
            try {
                r = await(got, "tcplab run");
            } catch (AbException e) {
                String state = driver.call(() -> conn.info().toString());
                throw new AbException(e.getMessage() + " (tcplab sender: " + state
                        + (writer.error() != null ? ", closed with " + writer.error() : "") + ")", e);
            }
            ConnectionInfo info = driver.call(conn::info);
            List<Sample> samples = driver.call(() -> {
                tracer.add(System.nanoTime(), info.cwndBytes(), info.srttNanos(), info.segmentsRetransmitted(),
                        info.bytesAcked());
                return List.copyOf(tracer.samples);
            });
            checkBridge(link.bridge(), "tcplab run");
            if (driver.failure() != null) {
                throw new AbException("tcplab run: the driver failed: " + driver.failure(), driver.failure());
            }
            long txDrops = txDrops(left, link.leftDevice());
            DirectionStats f = link.bridge().forward();
            return new RunResult("tcplab", info.congestionControl(), r.bytes(), r.eofNanos() - t0,
                    info.segmentsRetransmitted(), info.cwndBytes(), info.mss(), samples, f.offered(),
                    f.queueDropped() + f.lost(), txDrops);
        } catch (IOException e) {
            throw new AbException("tcplab run: " + e.getMessage(), e);
        } finally {
            driver.close(true); // the connection is done or in TIME-WAIT: no grace needed
        }
    }

    /** Keeps one sample per interval from the sender's trace (on the driver thread). */
    private static final class Tracer {
        private final long interval;
        final List<Sample> samples = new ArrayList<>();
        long t0;
        private long next = Long.MIN_VALUE;
        private long retransmits;
        private long firstUna = -1;

        Tracer(long interval) {
            this.interval = interval;
        }

        void onTrace(TraceRecord r) {
            if (r.event == TraceEvent.RETRANSMIT) {
                retransmits++;
            }
            if (firstUna < 0) {
                firstUna = r.sndUna;
            }
            if (next == Long.MIN_VALUE || r.nowNanos - next >= 0) {
                add(r.nowNanos, r.cwnd, r.srttNanos, retransmits, r.sndUna - firstUna);
                next = (next == Long.MIN_VALUE ? r.nowNanos : next) + interval;
                if (r.nowNanos - next >= 0) {
                    next = r.nowNanos + interval;
                }
            }
        }

        void add(long now, long cwnd, long srtt, long retrans, long acked) {
            samples.add(new Sample(now - t0, cwnd, srtt, retrans, acked));
        }
    }

    private void say(String format, Object... args) {
        if (log != null) {
            log.printf(java.util.Locale.ROOT, format + "%n", args);
            log.flush();
        }
    }

    private static String strip(String message) {
        return message != null && message.startsWith("tcplab: ") ? message.substring(8) : String.valueOf(message);
    }
}
