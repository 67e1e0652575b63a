package io.tcplab.tools.cli;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import io.tcplab.tools.metrics.TraceCsvWriter;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.TunException;
import io.tcplab.tun.pcap.PcapWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A real endpoint: a TUN device (its kernel side in {@code --netns}, addressed {@code --host-addr}),
 * a stack that owns {@code --addr} behind it, the real-time driver that runs them, and the pcap and
 * trace files. Opened in an order that leaves nothing behind when a step fails: files first (a bad
 * path is a bad option), then the device (not persistent: closing its fd removes it), then the
 * driver, and with --publish the nftables rules. {@link #close()} closes every connection with FIN
 * (2 s grace, then RST), stops the driver, which removes the device, removes the rules, and closes
 * the files.
 */
final class Endpoint implements AutoCloseable {
    static final int DEFAULT_BUFFER = 4 << 20;

    final RealTimeDriver driver;
    final ConnectionOptions options;
    final byte[] localAddress;
    final byte[] hostAddress;
    private final PcapWriter pcap;
    private final TraceCsvWriter trace;
    private boolean traceAttached;
    private boolean closed;
    private PublishTable published;
    private int publishedPort;

    private Endpoint(RealTimeDriver driver, ConnectionOptions options, byte[] localAddress, byte[] hostAddress,
                     PcapWriter pcap, TraceCsvWriter trace) {
        this.driver = driver;
        this.options = options;
        this.localAddress = localAddress;
        this.hostAddress = hostAddress;
        this.pcap = pcap;
        this.trace = trace;
    }

    /**
     * Opens the endpoint. A bad combination of options or an unwritable file throws
     * {@link ParameterException} (exit 2); what the system refuses (no root, no /dev/net/tun, a
     * name in use, an address ip rejects) throws {@link TunException} with one line.
     */
    static Endpoint open(CommandLine cmd, EndpointOptions o, ConnectionOptionsMixin c) {
        InterfaceAddress host = o.hostAddr;
        byte[] local = o.addr != null ? o.addr.address() : nextAddress(cmd, host);
        if (local.length != host.address().length) {
            throw new ParameterException(cmd, "--addr and --host-addr must both be IPv4 or both IPv6");
        }
        if (Arrays.equals(local, host.address())) {
            throw new ParameterException(cmd, "--addr must differ from the --host-addr address " + host.addressText());
        }
        if (o.pcap != null) {
            PcapWriter.requireLibpcap(); // before any file or device exists, so a refusal leaves nothing behind
        }
        checkWritable(cmd, "--pcap", o.pcap);
        checkWritable(cmd, "--trace", o.trace);

        TraceCsvWriter trace = null;
        PcapWriter pcap = null;
        TunDevice tun = null;
        try {
            if (o.trace != null) {
                trace = TraceCsvWriter.open(o.trace);
            }
            if (o.pcap != null) {
                pcap = PcapWriter.open(o.pcap);
            }
            TunDevice.Builder b = TunDevice.builder().name(o.tun).namespace(o.netns).mtu(o.mtu)
                    .offload(o.offload.on()).address(host.toString());
            if (!samePrefix(local, host.address(), host.prefixLength())) {
                b.route(new InterfaceAddress(local, local.length * 8).toString());
            }
            tun = b.open();
            if (tun.offloadRefusal() != null) { // once, when the device is made; the run goes on with plain packets
                cmd.getErr().println("tcplab " + cmd.getCommandName() + ": offloads off: " + tun.offloadRefusal());
            }
            int mss = local.length == 4 ? tun.ipv4Mss() : tun.ipv6Mss();
            ConnectionOptions options = c.toOptions(DEFAULT_BUFFER, true).toBuilder().mss(mss).build();
            StackConfig.Builder config = StackConfig.builder(secureRandom()).address(local).defaultOptions(options);
            long isn = c.initialIsn();
            if (isn >= 0) {
                config.isnSource((now, la, lp, ra, rp) -> isn);
            }
            RealTimeDriver driver = RealTimeDriver.builder(tun, config.build()).tap(pcap)
                    .threadName("tcplab-" + cmd.getCommandName() + "-" + tun.name()).start();
            return new Endpoint(driver, options, local, host.address(), pcap, trace);
        } catch (IOException | RuntimeException e) {
            if (tun != null) {
                tun.close();
            }
            closeQuietly(pcap, trace);
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new TunException("tcplab: cannot write " + o.trace + ": " + e.getMessage(), e);
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

    /** The address after the host's within its prefix (the one before it when that is the last usable one). */
    static byte[] nextAddress(CommandLine cmd, InterfaceAddress host) {
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
            throw new ParameterException(cmd, "--host-addr " + host + " leaves no address for tcplab; give --addr");
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

    private static void checkWritable(CommandLine cmd, String option, Path file) {
        if (file == null) {
            return;
        }
        try (OutputStream ignored = Files.newOutputStream(file)) {
            // created (or truncated): the writer will open it again
        } catch (IOException e) {
            String reason = e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                    : e.getClass().getSimpleName();
            throw new ParameterException(cmd, option + " cannot write '" + file + "' (" + reason + ")");
        }
    }

    /**
     * Installs the --publish rules (see {@link PublishTable}) in {@code netns} (null: this
     * process's namespace); {@link #close()} removes them after the connections have closed.
     */
    void publish(String netns, PublishTable.Direction direction, int port, int targetPort, int count, String what) {
        published = PublishTable.install(netns, deviceName(), new InterfaceAddress(localAddress, localAddress.length * 8),
                direction, port, targetPort, count, what);
        publishedPort = port;
    }

    String deviceName() {
        return driver.device().name();
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

    /** Why the driver stopped on its own, or null. */
    Throwable failure() {
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
        if (problem != null) {
            throw problem;
        }
    }

    /** One line saying where the endpoint is, for stderr. */
    void announce(PrintWriter err, String command, String what, InterfaceAddress hostAddr, String netns) {
        err.printf("%s: %s (device %s%s, kernel side %s, MSS %d, offloads %s%s)%n", command, what, deviceName(),
                netns != null ? " in network namespace " + netns : "", hostAddr, options.mss,
                driver.offloads() ? "on" : "off",
                published != null ? ", published on port " + publishedPort + " by nftables table inet " + published.name()
                        : "");
        err.flush();
    }

    static String text(byte[] address) {
        return new InterfaceAddress(address, address.length * 8).addressText();
    }
}
