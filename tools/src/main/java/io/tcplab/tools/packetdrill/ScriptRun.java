package io.tcplab.tools.packetdrill;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Plays one script against a fresh stack on virtual time, as packetdrill plays it against a
 * kernel: inbound packets are injected at their times, system calls run at theirs (a blocking
 * one stays pending while later lines run, and must return within its range), and each
 * outbound line takes the next packet the stack emitted, which must match and come within the
 * tolerance. Timers fire in between as virtual time passes.
 */
final class ScriptRun implements Syscalls.Host {
    static final int REMOTE_PORT = 48_000;
    private static final long SEED = 0x5eed;
    private static final int MAX_TIMER_STEPS = 1_000_000;

    private final Script script;
    private final Profile profile;
    /**
     * defaults.sh, the runner's --sysctl settings and the script's own, applied in that order; a
     * shell block run during the script changes it from then on.
     */
    private final Map<String, String> host;
    private final byte[] local;
    private final byte[] remote;
    private final long tolerance;
    private final TcpStack stack;
    private final SequenceMap map = new SequenceMap();
    private final PacketMatcher matcher;
    private final PacketBuilder builder = new PacketBuilder(map);
    private final Syscalls syscalls = new Syscalls(this);
    private final ArrayDeque<WirePacket> emitted = new ArrayDeque<>();
    private long now;
    private long baseMicros;
    private int inLocalPort = Syscalls.LISTEN_PORT;
    private int inRemotePort = REMOTE_PORT;
    /** The listener the peer's current port was chosen for: a SYN to another one comes from a new port. */
    private Socket portOwner;
    private Pending pending;
    private String badEmission;
    /** TcpExtOutOfWindowIcmps when nstat last read the counters. */
    private long countersAtLastRead;
    /** The script's Python namespace, shared by its blocks. */
    private final Map<String, Object> pyEnv = new HashMap<>();
    private final List<String> unchecked = new ArrayList<>();
    private final java.util.function.Consumer<String> log;

    private static final class Pending {
        final Event event;
        final long startNanos;
        final long endNanos;
        Supplier<Outcome> retry;
        long wake;

        Pending(Event event, long startNanos, long endNanos, Outcome blocked) {
            this.event = event;
            this.startNanos = startNanos;
            this.endNanos = endNanos;
            this.retry = blocked.retry();
            this.wake = blocked.wakeNanos();
        }
    }

    ScriptRun(Script script, Profile profile, Map<String, String> sysctls, java.util.function.Consumer<String> log) {
        this.script = script;
        this.profile = profile;
        this.host = new java.util.LinkedHashMap<>(LinuxCompatProfile.host(sysctls, script.sysctls()));
        this.local = script.localIp().clone();
        this.remote = script.remoteIp().clone();
        this.log = log;
        this.tolerance = script.toleranceMicros() * 1000;
        this.matcher = new PacketMatcher(map, script.toleranceMicros(), script.tsTickMicros());
        StackConfig config = StackConfig.builder(RandomSource.seeded(SEED)).address(local)
                .defaultOptions(profile().build()).fastOpenKey(LinuxCompatProfile.fastOpenKey(host)).build();
        this.stack = new TcpStack(config, this::capture);
    }

    /** Runs to the end; a mismatch throws {@link ScriptFailure}. */
    void run() {
        host.forEach((name, value) -> log.accept("host " + name + "=" + value + " (" + LinuxCompatProfile.effect(name) + ")"));
        for (Event e : script.events()) {
            log.accept(seconds(now) + " line " + e.line() + ": " + e.text());
            Timing t = e.timing();
            long start = t.kind() == Timing.Kind.ANY ? baseMicros : t.start(baseMicros);
            long end = t.kind() == Timing.Kind.ANY ? Long.MAX_VALUE / 2000 : t.end(baseMicros);
            if (e.isPacket() && !e.packet().inbound()) {
                long actual = expectOutbound(e, start, end);
                baseMicros = t.kind() == Timing.Kind.AT ? start : actual;
                continue;
            }
            advanceTo(start * 1000);
            baseMicros = start;
            if (e.isPacket()) {
                inject(e.packet());
            } else if (e.icmp() != null) {
                injectIcmp(e.icmp());
            } else if (e.shell() != null) {
                runShell(e.line(), e.shell());
            } else if (e.code() != null) {
                runCode(e);
            } else {
                runCall(e, start * 1000, end * 1000);
            }
            retryPending();
        }
        if (pending != null) {
            advanceTo(pending.endNanos + tolerance);
            if (pending != null) {
                throw new ScriptFailure(pending.event.line(), "the call had not returned by the end of the script",
                        null, null);
            }
        }
    }

    // ================================================================ time

    private void advanceTo(long target) {
        for (int steps = 0; ; steps++) {
            long due = Math.min(stack.nextDeadline(), pending == null ? Long.MAX_VALUE : pending.wake);
            if (due > target) {
                break;
            }
            if (steps > MAX_TIMER_STEPS) {
                throw new ScriptFailure(0, "the stack's timers did not settle by " + seconds(target), null, null);
            }
            now = Math.max(now, due);
            stack.poll(now);
            retryPending();
            checkEmissions();
        }
        now = Math.max(now, target);
        retryPending();
        if (pending != null && now > pending.endNanos + tolerance) {
            throw new ScriptFailure(pending.event.line(), "the call had not returned by "
                    + seconds(pending.endNanos + tolerance), null, null);
        }
    }

    // ================================================================ packets

    private void capture(ByteBuf packet) {
        WirePacket p = WirePacket.parse(now, packet);
        if (p == null) {
            badEmission = "the stack emitted a packet that does not parse";
        } else {
            emitted.add(p);
            log.accept(seconds(now) + " sent     " + matcher.render(p));
        }
    }

    private void checkEmissions() {
        if (badEmission != null) {
            throw new ScriptFailure(0, badEmission, null, null);
        }
    }

    private void inject(PacketSpec spec) {
        Socket underTest = syscalls.underTest();
        if ((spec.flagBits() & (TcpHeader.SYN | TcpHeader.ACK)) == TcpHeader.SYN && underTest != null
                && underTest.listener != null && underTest != portOwner) {
            // packetdrill makes a child socket for a SYN to the listener under test, from a new port
            inRemotePort = portOwner == null ? REMOTE_PORT : inRemotePort + 1;
            inLocalPort = Syscalls.LISTEN_PORT;
            portOwner = underTest;
        }
        stack.receive(now, builder.build(spec, remote, local, inRemotePort, inLocalPort));
        checkEmissions();
    }

    /**
     * An ICMP error from the peer's address quoting the socket under test's segment (packetdrill
     * icmp_packet.c): the IPv4 header and the TCP header of a segment from us, at our relative
     * sequence number {@code start}, that carried {@code length} bytes (its IP length says so).
     */
    private void injectIcmp(IcmpSpec icmp) {
        ByteBuf quote = io.netty.buffer.Unpooled.buffer(40);
        int quotedLength = 40 + icmp.length();
        quote.writeByte(0x45).writeByte(0).writeShort(quotedLength).writeShort(0).writeShort(0x4000)
                .writeByte(64).writeByte(6).writeShort(0).writeBytes(local).writeBytes(remote);
        quote.setShort(10, io.tcplab.stack.wire.Checksum.fold(io.tcplab.stack.wire.Checksum.sum(quote, 0, 20, 0)));
        quote.writeShort(inLocalPort).writeShort(inRemotePort).writeInt((int) map.localSeqToWire(icmp.start()))
                .writeInt(0).writeShort(0x5010).writeShort(0).writeShort(0).writeShort(0);
        ByteBuf packet = io.netty.buffer.Unpooled.buffer();
        new io.tcplab.stack.wire.IcmpWriter().write(packet, remote, local, icmp.type(), icmp.code(), icmp.mtu(), quote,
                0, quote.readableBytes());
        stack.receive(now, packet);
        checkEmissions();
    }

    private long expectOutbound(Event e, long startMicros, long endMicros) {
        PacketSpec spec = e.packet();
        boolean any = e.timing().kind() == Timing.Kind.ANY;
        long lo = any ? Long.MIN_VALUE : startMicros * 1000 - tolerance;
        long hi = any ? now + 3_600_000_000_000L : endMicros * 1000 + tolerance;
        WirePacket p = nextEmitted(hi);
        if (p == null) {
            throw new ScriptFailure(e.line(), "no packet was sent by " + seconds(hi), spec.render()
                    + " at " + seconds(startMicros * 1000), null);
        }
        while (spec.length() > p.length() && !emitted.isEmpty() && emitted.peek().nanos() == p.nanos()
                && emitted.peek().seq() == ((p.seq() + p.length()) & 0xFFFFFFFFL)) {
            p = p.mergedWith(emitted.poll());
        }
        matcher.learn(spec, p);
        String diff = matcher.mismatch(spec, p);
        if (diff != null) {
            throw new ScriptFailure(e.line(), diff, spec.render() + " at " + seconds(startMicros * 1000),
                    matcher.render(p) + " at " + seconds(p.nanos()));
        }
        if (p.nanos() < lo || p.nanos() > hi) {
            String when = e.timing().kind() == Timing.Kind.RANGE
                    ? seconds(startMicros * 1000) + "~" + seconds(endMicros * 1000) : seconds(startMicros * 1000);
            throw new ScriptFailure(e.line(), "sent " + (p.nanos() < lo ? "too early" : "too late") + " (expected at "
                    + when + " within " + script.toleranceMicros() + " us)", spec.render() + " at " + when,
                    matcher.render(p) + " at " + seconds(p.nanos()));
        }
        return p.nanos() / 1000;
    }

    /** The next emitted packet of the socket under test, letting timers run until {@code hi}; null when none by then. */
    private WirePacket nextEmitted(long hi) {
        dropOtherSockets();
        for (int steps = 0; emitted.isEmpty(); steps++) {
            long due = Math.min(stack.nextDeadline(), pending == null ? Long.MAX_VALUE : pending.wake);
            if (due > hi || steps > MAX_TIMER_STEPS) {
                return null;
            }
            now = Math.max(now, due);
            stack.poll(now);
            retryPending();
            checkEmissions();
            dropOtherSockets();
        }
        return emitted.poll();
    }

    /** Passes over what other sockets than the one under test sent, as packetdrill does. */
    private void dropOtherSockets() {
        emitted.removeIf(p -> {
            boolean other = !syscalls.underTestSent(p.srcPort(), p.dstPort(), inRemotePort);
            if (other) {
                log.accept(seconds(p.nanos()) + " another socket's, passed over: " + matcher.render(p));
            }
            return other;
        });
    }

    // ================================================================ system calls

    private void runCall(Event e, long startNanos, long endNanos) {
        if (pending != null) {
            throw new ScriptFailure(e.line(), "a system call while the call on line " + pending.event.line()
                    + " still blocks", null, null);
        }
        Outcome o = syscalls.call(e.syscall());
        checkEmissions();
        if (o.done()) {
            verifyReturn(e, o, startNanos, endNanos);
        } else {
            pending = new Pending(e, startNanos, endNanos, o);
        }
    }

    private void retryPending() {
        while (pending != null) {
            Outcome o = pending.retry.get();
            checkEmissions();
            if (!o.done()) {
                pending.retry = o.retry();
                pending.wake = o.wakeNanos();
                return;
            }
            Pending p = pending;
            pending = null;
            verifyReturn(p.event, o, p.startNanos, p.endNanos);
        }
    }

    private void verifyReturn(Event e, Outcome o, long startNanos, long endNanos) {
        SyscallSpec c = e.syscall();
        boolean retOk = o.ret() == c.expectedReturn()
                && (c.expectedErrno() == null || Objects.equals(c.expectedErrno(), o.errno()));
        if (!retOk) {
            throw new ScriptFailure(e.line(), c.name() + "() returned " + o.ret()
                    + (o.errno() == null ? "" : " " + o.errno()), c.render(), null);
        }
        if (o.mismatch() != null) {
            throw new ScriptFailure(e.line(), c.name() + "(): " + o.mismatch(), c.render(), null);
        }
        if (e.timing().kind() != Timing.Kind.ANY && (now < startNanos - tolerance || now > endNanos + tolerance)) {
            throw new ScriptFailure(e.line(), c.name() + "() returned at " + seconds(now) + ", expected by "
                    + seconds(endNanos), c.render(), null);
        }
    }

    // ================================================================ shell blocks during the script

    /**
     * A shell block run at its time: its settings hold for the sockets made from now on, and for
     * the Fast Open calls made from now on (tcp_fastopen, which Linux reads at the call). A socket
     * made before and not yet connected or listening would read them in Linux when it does, not
     * here: then the script cannot run. A flush of the TCP metrics forgets the Fast Open cookies.
     */
    private void runShell(int line, ShellBlock block) {
        for (String name : block.settings().keySet()) {
            if (!LinuxCompatProfile.readAtTheCall(name) && syscalls.socketWaitingToOpen()) {
                throw new UnsupportedInScript("setting " + name + " changed while a socket waits to connect or listen"
                        + " (tcplab fixes a socket's settings when it is made)");
            }
            if (!LinuxCompatProfile.changeable(name)) {
                throw new UnsupportedInScript("setting " + name + " changed during the script (tcplab fixes it when"
                        + " the stack is made)");
            }
        }
        host.putAll(block.settings());
        if (block.flushesMetrics()) {
            stack.forgetFastOpenCookies(now);
        }
        if (block.readsCounters()) {
            readCounters(line, block.counterThatMustChange());
        }
    }

    /**
     * {@code nstat}: what changed since the last nstat; {@code nstat | grep NAME} fails (grep
     * finds nothing) unless NAME changed. TcpExtOutOfWindowIcmps (Linux's ICMP errors quoting a
     * sequence number outside SND.UNA to SND.NXT, tcp_v4_err) is the stack's ICMP_OUT_OF_WINDOW drops.
     */
    private void readCounters(int line, String mustChange) {
        long outOfWindowIcmps = stack.stats().drops(io.tcplab.stack.DropReason.ICMP_OUT_OF_WINDOW);
        boolean changed = outOfWindowIcmps != countersAtLastRead;
        countersAtLastRead = outOfWindowIcmps;
        if (mustChange != null && !changed) {
            throw new ScriptFailure(line, "nstat shows no " + mustChange + " (the counter did not change)", null, null);
        }
    }

    // ================================================================ %{ }% blocks

    /** Runs a block against TCP_INFO of the socket under test, now (packetdrill's run_code_event). */
    private void runCode(Event e) {
        Connection c = syscalls.connectionUnderTest();
        if (c == null) {
            throw new ScriptFailure(e.line(), "no connection for the block's TCP_INFO", null, null);
        }
        pyEnv.putAll(TcpInfo.symbols());
        pyEnv.putAll(TcpInfo.of(c, now));
        unchecked.addAll(e.code().run(pyEnv, log));
    }

    /** The assertions over fields tcplab does not know, {@code "line N: tcpi_x"}, in script order. */
    List<String> unchecked() {
        return unchecked;
    }

    // ================================================================ Syscalls.Host

    @Override
    public long now() {
        return now;
    }

    @Override
    public TcpStack stack() {
        return stack;
    }

    @Override
    public byte[] remoteAddress() {
        return remote.clone();
    }

    @Override
    public byte[] localAddress() {
        return local.clone();
    }

    @Override
    public long fastOpenSetting() {
        return LinuxCompatProfile.fastOpen(host);
    }

    @Override
    public ConnectionOptions.Builder profile() {
        return LinuxCompatProfile.builder(profile, host);
    }

    @Override
    public void role(ConnectionOptions.Builder options, boolean passive) {
        LinuxCompatProfile.role(options, host, passive);
    }

    @Override
    public void connected(Connection connection) {
        inLocalPort = connection.localPort();
        inRemotePort = connection.remotePort();
    }

    static String seconds(long nanos) {
        return String.format("%.6f", nanos / 1e9);
    }
}
