package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.replay.StackRecording;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.PatternInputStream;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.Namespace;
import io.tcplab.tun.PublishTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ab --remote}: the same bytes from host A (this namespace, or {@code --netns}) to an
 * {@link AbAgent} on host B over the real path, alternating kernel TCP and tcplab {@code rounds}
 * times (kernel, tcplab, kernel, tcplab, ...), so slow changes of the path hit both alike.
 *
 * The kernel sender uses A's default algorithm, which must be the one asked for: A's settings are
 * read, never changed. tcplab sits behind a TUN device in A, its packets masqueraded to A's address
 * by a {@link PublishTable} (removed after each run). The agent counts the bytes, checks nothing
 * but reports their SHA-256, which must equal what was sent, and times the run from its accept to
 * the FIN. The link's own counters (packets, drops, CE marks) do not exist on a real path: those
 * fields are -1. Drops outside the link are A's: what its device towards B (from {@code ip route
 * get}) dropped during the run, for both sides, and tcplab's TUN device and refused writes.
 */
public final class RemoteAbRunner {
    /** What a remote A/B does beyond the local spec: where the agent is, how often to alternate, where A is. */
    public record RemoteSpec(AbSpec ab, String host, int agentPort, int rounds, String netns, InterfaceAddress tunCidr) {
    }

    /** One alternation: the comparison and what the agent counted for each side. */
    public record Round(AbResult result, AgentRun kernelAgent, AgentRun tcplabAgent) {
    }

    private final RemoteSpec spec;
    private final PrintWriter log;
    private final Namespace a;

    public RemoteAbRunner(RemoteSpec spec, PrintWriter log) {
        this.spec = spec;
        this.log = log;
        this.a = Namespace.of(spec.netns());
    }

    public List<Round> run() throws InterruptedException {
        AbSpec ab = spec.ab();
        String algorithm = a.run("cat", "/proc/sys/net/ipv4/tcp_congestion_control").strip();
        if (!algorithm.equals(ab.ccName())) {
            throw new AbException("the kernel's default algorithm on this host is " + algorithm + ", not "
                    + ab.ccName() + "; set it with sysctl net.ipv4.tcp_congestion_control=" + ab.ccName()
                    + " for the comparison");
        }
        String expected = sha256(new PatternInputStream(ab.seed(), ab.bytes()));
        List<Round> rounds = new ArrayList<>();
        try (AgentProtocol control = connectControl()) {
            for (int i = 1; i <= spec.rounds(); i++) {
                Run k = kernelRun(control, expected);
                say("round %d kernel %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits", i, ab.ccName(),
                        k.result.bytes(), k.result.durationNanos() / 1e9, k.result.goodputBitsPerSec() / 1e6,
                        k.result.retransmits());
                Run t = tcplabRun(control, expected);
                say("round %d tcplab %s: %d bytes in %.3f s, %.1f Mbit/s, %d retransmits", i, ab.cc(),
                        t.result.bytes(), t.result.durationNanos() / 1e9, t.result.goodputBitsPerSec() / 1e6,
                        t.result.retransmits());
                rounds.add(new Round(new AbResult(ab, k.result, t.result, List.of()), k.agent, t.agent));
            }
            control.write(AgentProtocol.message().put("op", "bye"));
        } catch (IOException e) {
            throw new AbException("the agent at " + spec.host() + ":" + spec.agentPort() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw RealPath.wrap(e);
        }
        return rounds;
    }

    private record Run(RunResult result, AgentRun agent) {
    }

    private AgentProtocol connectControl() throws IOException {
        Socket s = a.inside(() -> {
            Socket socket = new Socket();
            socket.connect(new InetSocketAddress(spec.host(), spec.agentPort()), 10_000);
            return socket;
        });
        s.setSoTimeout((int) Math.min(Integer.MAX_VALUE, spec.ab().timeoutNanos() / 1_000_000));
        return new AgentProtocol(s);
    }

    /** Asks the agent for a fresh receiver; returns its port. */
    private int askReceiver(AgentProtocol control) throws IOException {
        control.write(AgentProtocol.message().put("op", "receive").put("sampleIntervalNanos",
                spec.ab().sampleIntervalNanos()));
        ObjectNode r = control.read();
        if (r == null || !r.has("port")) {
            throw new IOException("the agent gave no receiver port" + (r == null ? " (it closed)" : ": " + r));
        }
        return r.get("port").asInt();
    }

    private AgentRun awaitAgent(AgentProtocol control, String expected, String what) throws IOException {
        ObjectNode m = control.read();
        if (m == null) {
            throw new IOException(what + ": the agent closed the control connection");
        }
        AgentRun r = AgentProtocol.fromJson(m);
        if (r.bytes() != spec.ab().bytes() || !r.sha256().equals(expected)) {
            throw new AbException(what + ": the agent received " + r.bytes() + " bytes with sha256 " + r.sha256()
                    + ", not the " + spec.ab().bytes() + " sent (sha256 " + expected + ")");
        }
        return r;
    }

    private Run kernelRun(AgentProtocol control, String expected) throws IOException, InterruptedException {
        AbSpec ab = spec.ab();
        int port = askReceiver(control);
        Map<String, Long> before = egressCounters();
        SsSampler sampler;
        AgentRun agent;
        long t0;
        try (KernelSender sender = KernelSender.connect(a, spec.host(), port, ab.sampleIntervalNanos(),
                "tcplab-ab-remote-ss")) {
            t0 = sender.connectNanos();
            sender.write(new PatternInputStream(ab.seed(), ab.bytes()));
            sender.finish();
            agent = awaitAgent(control, expected, "kernel run");
            sampler = sender.stopSampling();
        }
        SsParser.Socket last = sampler.last();
        if (last == null) {
            throw new AbException("kernel run: ss never showed the sender's socket");
        }
        OutsideDrops.Builder drops = new OutsideDrops.Builder();
        egressDrops(before, drops);
        RunResult r = new RunResult("kernel", last.congestionControl(), agent.bytes(), agent.durationNanos(),
                last.retransmitsTotal(), last.cwndBytes(), last.mss(), sampler.asSamples(t0), -1, -1,
                drops.build(), new EcnCounts(last.ecn(), -1, -1, -1));
        return new Run(r, agent);
    }

    private Run tcplabRun(AgentProtocol control, String expected) throws IOException {
        AbSpec ab = spec.ab();
        int port = askReceiver(control);
        InterfaceAddress device = spec.tunCidr();
        InterfaceAddress ours = new InterfaceAddress(next(device.address()), device.address().length * 8);
        // the kernel sender's ceiling on this host, so neither side is limited by its own buffer
        String[] wmem = a.run("cat", "/proc/sys/net/ipv4/tcp_wmem").trim().split("\\s+");
        ConnectionOptions options = ab.tcplab().toBuilder().sendBufferBytes(Integer.parseInt(wmem[2])).build();
        TraceSampler tracer = new TraceSampler(ab.sampleIntervalNanos());
        Map<String, Long> before = egressCounters();
        try (PublishTable nat = PublishTable.install(spec.netns(), null, ours, PublishTable.Direction.OUTBOUND, 0, 0, 1,
                "tcplab ab --remote " + spec.host())) {
            InputStreamSource source = new InputStreamSource(new PatternInputStream(ab.seed(), ab.bytes()));
            try (TcplabSender sender = TcplabSender.connect(a, device.toString(), ours.addressText(), spec.host(), port,
                    options, ab.seed(), ab.mtu(), 0, source, tracer::onTrace, "tcplab-ab-remote-stack",
                    StackRecording.NONE)) {
                AgentRun agent;
                try {
                    agent = awaitAgent(control, expected, "tcplab run");
                } catch (IOException | AbException e) {
                    throw new AbException(e.getMessage() + " (" + sender.describe() + ")", e);
                }
                ConnectionInfo info = sender.info();
                List<Sample> samples = tracer.finish(sender, info);
                sender.check("tcplab run");
                OutsideDrops.Builder drops = new OutsideDrops.Builder();
                sender.outsideDrops(drops);
                egressDrops(before, drops);
                RunResult r = new RunResult("tcplab", info.congestionControl(), agent.bytes(), agent.durationNanos(),
                        info.segmentsRetransmitted(), info.cwndBytes(), info.mss(), samples, -1, -1, drops.build(),
                        new EcnCounts(info.ecn(), -1, -1, -1));
                return new Run(r, agent);
            }
        }
    }

    /** A's device towards the agent's host, as the routing table says. */
    private String egressDevice() {
        Matcher m = Pattern.compile(" dev (\\S+)").matcher(a.ip("-o", "route", "get", spec.host()));
        if (!m.find()) {
            throw new AbException("no route from this host to " + spec.host());
        }
        return m.group(1);
    }

    /** The drop counters of A's device towards B (cumulative: a run takes their growth). */
    private Map<String, Long> egressCounters() {
        OutsideDrops.Builder b = new OutsideDrops.Builder();
        RealPath.deviceDrops(a, egressDevice(), b);
        return b.build().where();
    }

    /** Adds what A's device towards B dropped since {@code before} (-1 where a counter could not be read). */
    private void egressDrops(Map<String, Long> before, OutsideDrops.Builder drops) {
        egressCounters().forEach((k, v) -> {
            Long was = before.get(k);
            drops.add(k, v < 0 || was == null || was < 0 ? -1 : v - was);
        });
    }

    /** The address after {@code a} (the TUN device's kernel side gets a, tcplab the next). */
    private static byte[] next(byte[] a) {
        byte[] out = a.clone();
        for (int i = out.length - 1; i >= 0; i--) {
            if (++out[i] != 0) {
                break;
            }
        }
        return out;
    }

    private static String sha256(InputStream in) {
        MessageDigest sha = AbAgent.sha256();
        byte[] chunk = new byte[1 << 16];
        try (in) {
            for (int n; (n = in.read(chunk)) > 0; ) {
                sha.update(chunk, 0, n);
            }
        } catch (IOException e) {
            throw new IllegalStateException("the pattern stream is in memory", e);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private void say(String format, Object... args) {
        if (log != null) {
            log.printf(Locale.ROOT, format + "%n", args);
            log.flush();
        }
    }
}
