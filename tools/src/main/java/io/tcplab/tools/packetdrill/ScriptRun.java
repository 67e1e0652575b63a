package io.tcplab.tools.packetdrill;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.Profile;
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
    static final byte[] LOCAL = {(byte) 192, (byte) 168, 0, 1}; // packetdrill's default addresses
    static final byte[] REMOTE = {(byte) 192, 0, 2, 1};
    static final int REMOTE_PORT = 48_000;
    private static final long SEED = 0x5eed;
    private static final int MAX_TIMER_STEPS = 1_000_000;

    private final Script script;
    private final Profile profile;
    /** defaults.sh, the runner's --sysctl settings and the script's own, applied in that order. */
    private final Map<String, String> host;
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
    private Pending pending;
    private String badEmission;
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
        this.host = LinuxCompatProfile.host(sysctls, script.sysctls());
        this.log = log;
        this.tolerance = script.toleranceMicros() * 1000;
        this.matcher = new PacketMatcher(map, script.toleranceMicros(), script.tsTickMicros());
        StackConfig config = StackConfig.builder(RandomSource.seeded(SEED)).address(LOCAL)
                .defaultOptions(profile().build()).build();
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
        stack.receive(now, builder.build(spec, REMOTE, LOCAL, inRemotePort, inLocalPort));
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

    /** The next emitted packet, letting timers run until {@code hi}; null when none by then. */
    private WirePacket nextEmitted(long hi) {
        for (int steps = 0; emitted.isEmpty(); steps++) {
            long due = Math.min(stack.nextDeadline(), pending == null ? Long.MAX_VALUE : pending.wake);
            if (due > hi || steps > MAX_TIMER_STEPS) {
                return null;
            }
            now = Math.max(now, due);
            stack.poll(now);
            retryPending();
            checkEmissions();
        }
        return emitted.poll();
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
        return REMOTE.clone();
    }

    @Override
    public byte[] localAddress() {
        return LOCAL.clone();
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
