package io.tcplab.tools.realhost;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.metrics.TraceCsvWriter;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tools.replay.StackRecording;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.TunException;
import io.tcplab.tun.pcap.PcapWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * A real endpoint: a TUN device (its kernel side in {@code netns}, addressed {@code hostAddr}), a
 * stack that owns the local address behind it, the real-time driver that runs them, and the pcap
 * and trace files. Opened in an order that leaves nothing behind when a step fails: files first,
 * then the device (not persistent: closing its fd removes it), then the driver, and with
 * {@link #publish} the nftables rules. {@link #close()} closes every connection with FIN (2 s
 * grace, then RST), stops the driver, which removes the device, removes the rules, and closes the
 * files.
 */
public final class Endpoint implements AutoCloseable {
    private final RealTimeDriver driver;
    private final ConnectionOptions options;
    private final byte[] localAddress;
    private final byte[] hostAddress;
    private final PcapWriter pcap;
    private final TraceCsvWriter trace;
    private boolean traceAttached;
    private boolean closed;
    private PublishTable published;
    /** The recording of the stack, or {@link StackRecording#NONE}. */
    private final StackRecording recording;
    private int publishedPort;

    /**
     * Where an endpoint lives and what it records, its combination already checked by the caller
     * (the addresses of one family and different, libpcap present for a pcap, both files writable).
     *
     * @param tun the device name ({@code %d} lets the kernel number it)
     * @param netns the namespace of the device's kernel side, or null for this process's
     * @param localAddress the stack's own address behind the device
     * @param pcap the pcap file, or null
     * @param trace the trace CSV of the first connection, or null
     * @param recordings the recording of the stack (docs/replay.md), or {@link Recordings#NONE}
     */
    public record Place(String tun, String netns, InterfaceAddress hostAddr, byte[] localAddress, int mtu,
                        boolean offload, Path pcap, Path trace, Recordings recordings) {
    }

    private Endpoint(RealTimeDriver driver, ConnectionOptions options, byte[] localAddress, byte[] hostAddress,
                     PcapWriter pcap, TraceCsvWriter trace, StackRecording recording) {
        this.driver = driver;
        this.recording = recording;
        this.options = options;
        this.localAddress = localAddress;
        this.hostAddress = hostAddress;
        this.pcap = pcap;
        this.trace = trace;
    }

    /**
     * Opens the endpoint, its connections taking {@code options} with the device's MSS and, when
     * {@code isn} is 0 or more, that ISN. What the system refuses (no root, no /dev/net/tun, a name
     * in use, an address ip rejects, a file that cannot be written) throws {@link TunException}
     * with one line; {@code err} gets a line if the kernel refuses offloads.
     */
    public static Endpoint open(Place p, ConnectionOptions options, long isn, String command, PrintWriter err) {
        InterfaceAddress host = p.hostAddr();
        byte[] local = p.localAddress();
        TraceCsvWriter trace = null;
        PcapWriter pcap = null;
        TunDevice tun = null;
        try {
            if (p.trace() != null) {
                trace = TraceCsvWriter.open(p.trace());
            }
            if (p.pcap() != null) {
                pcap = PcapWriter.open(p.pcap());
            }
            TunDevice.Builder b = TunDevice.builder().name(p.tun()).namespace(p.netns()).mtu(p.mtu())
                    .offload(p.offload()).address(host.toString());
            if (!samePrefix(local, host.address(), host.prefixLength())) {
                b.route(new InterfaceAddress(local, local.length * 8).toString());
            }
            tun = b.open();
            if (tun.offloadRefusal() != null) { // once, when the device is made; the run goes on with plain packets
                err.println("tcplab " + command + ": offloads off: " + tun.offloadRefusal());
            }
            int mss = local.length == 4 ? tun.ipv4Mss() : tun.ipv6Mss();
            ConnectionOptions withMss = options.toBuilder().mss(mss).build();
            StackRecording recording = p.recordings().open("stack");
            StackConfig.Builder config = StackConfig.builder(recording.random(secureRandom())).address(local)
                    .defaultOptions(withMss);
            if (isn >= 0) {
                config.isnSource((now, la, lp, ra, rp) -> isn);
            }
            RealTimeDriver driver = recording.observe(RealTimeDriver.builder(tun, config.build()).tap(pcap)
                    .threadName("tcplab-" + command + "-" + tun.name())).start();
            return new Endpoint(driver, withMss, local, host.address(), pcap, trace, recording);
        } catch (IOException | RuntimeException e) {
            if (tun != null) {
                tun.close();
            }
            closeQuietly(pcap, trace);
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new TunException("tcplab: cannot write " + p.trace() + ": " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(PcapWriter pcap, TraceCsvWriter trace) {
        try {
            if (pcap != null) {
                pcap.close();
            }
        } catch (RuntimeException ignored) {
            // the setup failure is the one worth reporting
        }
        try {
            if (trace != null) {
                trace.close();
            }
        } catch (IOException ignored) {
            // as above
        }
    }

    private static RandomSource secureRandom() {
        SecureRandom random = new SecureRandom();
        return random::nextLong;
    }

    /**
     * The address after the host's within its prefix (the one before it when that is the last
     * usable one), or null when the prefix leaves none.
     */
    public static byte[] nextAddress(InterfaceAddress host) {
        int bits = host.address().length * 8;
        BigInteger a = new BigInteger(1, host.address());
        BigInteger hostMask = BigInteger.ONE.shiftLeft(bits - host.prefixLength()).subtract(BigInteger.ONE);
        BigInteger offset = a.and(hostMask);
        BigInteger next;
        if (host.prefixLength() == bits - 1) {
            next = a.flipBit(0); // a point-to-point /31 or /127: the other one (RFC 3021)
        } else if (offset.add(BigInteger.ONE).compareTo(hostMask) < 0) {
            next = a.add(BigInteger.ONE);
        } else {
            next = offset.compareTo(BigInteger.ONE) > 0 ? a.subtract(BigInteger.ONE) : null;
        }
        if (next == null) {
            return null;
        }
        byte[] raw = next.toByteArray();
        byte[] out = new byte[bits / 8];
        int n = Math.min(raw.length, out.length);
        System.arraycopy(raw, raw.length - n, out, out.length - n, n);
        return out;
    }

    static boolean samePrefix(byte[] a, byte[] b, int prefix) {
        for (int i = 0; i < prefix; i++) {
            int mask = 0x80 >> (i % 8);
            if ((a[i / 8] & mask) != (b[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Installs the --publish rules (see {@link PublishTable}) in {@code netns} (null: this
     * process's namespace); {@link #close()} removes them after the connections have closed.
     */
    public void publish(String netns, PublishTable.Direction direction, int port, int targetPort, int count, String what) {
        published = PublishTable.install(netns, deviceName(), new InterfaceAddress(localAddress, localAddress.length * 8),
                direction, port, targetPort, count, what);
        publishedPort = port;
    }

    String deviceName() {
        return driver.device().name();
    }

    public RealTimeDriver driver() {
        return driver;
    }

    /** The connection options every connection of the endpoint takes, the device's MSS among them. */
    public ConnectionOptions options() {
        return options;
    }

    public byte[] localAddress() {
        return localAddress.clone();
    }

    /** The kernel side's address. */
    public byte[] hostAddress() {
        return hostAddress.clone();
    }

    /** Attaches the trace file to the first connection that asks, with times counted from {@code now}. */
    void traceFirst(Connection c, long now) {
        if (trace != null && !traceAttached) {
            traceAttached = true;
            TraceCsvWriter out = trace;
            c.setTraceListener(new TraceListener() {
                @Override
                public void onTrace(TraceRecord r) {
                    long t = r.nowNanos;
                    r.nowNanos = t - now;
                    try {
                        out.onTrace(r);
                    } finally {
                        r.nowNanos = t;
                    }
                }
            });
        }
    }

    /** Connects {@code s} to {@code to}:{@code port} (on the driver thread), the trace file on it. */
    public void connect(byte[] to, int port, Session s) {
        driver.call(() -> {
            long now = driver.now();
            traceFirst(driver.stack().connect(now, to, port, options, s), now);
            return null;
        });
    }

    /** Waits until {@code s} has finished or a stop is requested (then {@code s} is marked cut short), looking every {@code pollNanos}. */
    public void await(Session s, StopSignal stop, long pollNanos) {
        while (!driver.call(() -> {
            s.tick(driver.now());
            return s.isFinished();
        })) {
            if (stop.await(pollNanos)) {
                driver.call(() -> {
                    s.tick(driver.now());
                    s.interrupt();
                    return null;
                });
                return;
            }
        }
    }

    /**
     * What the kernel dropped on its way to and from the stack, at the TUN device (TX ring, RX,
     * qdisc) and in refused writes: losses no counter of the stack can see. Read before
     * {@link #close}, which removes the device.
     */
    public OutsideDrops outsideDrops() {
        OutsideDrops.Builder drops = new OutsideDrops.Builder();
        RealPath.tcplabDeviceDrops(driver, drops);
        return drops.build();
    }

    /** Why the driver stopped on its own, or null. */
    public Throwable failure() {
        return driver.failure();
    }

    /**
     * Closes every connection (FIN, up to 2 s, then RST), stops the driver (the device goes with
     * it) and closes the files; reports the first problem as a TunException after trying all.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException problem = null;
        try {
            driver.close();
        } catch (RuntimeException e) {
            problem = e;
        }
        try {
            if (published != null) {
                published.close();
            }
        } catch (RuntimeException e) {
            problem = problem != null ? problem : e;
        }
        try {
            if (pcap != null) {
                pcap.close();
            }
        } catch (RuntimeException e) {
            problem = problem != null ? problem : e;
        }
        try {
            if (trace != null) {
                trace.close();
            }
        } catch (IOException e) {
            problem = problem != null ? problem : new TunException("tcplab: writing the trace failed: " + e.getMessage(), e);
        }
        try {
            recording.close(); // after the driver: nothing feeds the stack any more
        } catch (IOException e) {
            problem = problem != null ? problem : new TunException("tcplab: writing the recording failed: "
                    + e.getMessage(), e);
        }
        if (problem != null) {
            throw problem;
        }
    }

    /** One line saying where the endpoint is, for stderr. */
    public void announce(PrintWriter err, String command, String what, InterfaceAddress hostAddr, String netns) {
        err.printf("%s: %s (device %s%s, kernel side %s, MSS %d, offloads %s%s)%n", command, what, deviceName(),
                netns != null ? " in network namespace " + netns : "", hostAddr, options.mss,
                driver.offloads() ? "on" : "off",
                published != null ? ", published on port " + publishedPort + " by nftables table inet " + published.name()
                        : "");
        err.flush();
    }

    public static String text(byte[] address) {
        return new InterfaceAddress(address, address.length * 8).addressText();
    }
}
