package io.tcplab.tools.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code tcplab serve}: a real tcplab listener behind a TUN device, reporting every connection. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Listens on --addr:--port behind a TUN device whose kernel side is --host-addr, and sinks "
                + "(default), echoes (--echo) or sends (--source) on every connection, reporting each one.",
                "Runs until --time is up, --connections have finished, or SIGINT/SIGTERM; then closes what is "
                        + "open with FIN and removes the device.",
                "Needs root (or CAP_NET_ADMIN). Exit codes: 0 success, 1 a connection failed or the device could "
                        + "not be set up, 2 a bad option."})
public final class ServeCommand extends EndpointCommand {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "5001", converter = Converters.Port.class,
            description = "Port to listen on (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--echo", description = "Write back what each client sends.")
    private boolean echo;

    @Option(names = "--source", paramLabel = "SIZE", converter = Converters.Bytes.class,
            description = "Send SIZE bytes to each client, then close.")
    private Long sourceBytes;

    @Option(names = "--time", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Stop after this long, e.g. 30s (default: run until stopped).")
    private Long timeNanos;

    @Option(names = "--connections", paramLabel = "N", converter = Converters.Count.class,
            description = "Stop after N connections have finished (default: no limit).")
    private Integer connections;

    @Mixin
    private ConnectionOptionsMixin connection = new ConnectionOptionsMixin();

    private final List<Session> live = new ArrayList<>(); // the driver thread's while it runs
    private boolean failed;

    @Override
    ConnectionOptionsMixin connectionOptions() {
        return connection;
    }

    ServeMode mode() {
        if (echo && sourceBytes != null) {
            throw new ParameterException(command.commandLine(), "--echo and --source cannot be used together");
        }
        return echo ? ServeMode.ECHO : sourceBytes != null ? ServeMode.SOURCE : ServeMode.SINK;
    }

    @Override
    void checkOptions() {
        mode();
    }

    @Override
    void run(Endpoint ep, StopSignal stop) {
        ServeMode mode = mode();
        int[] accepted = {0};
        ep.driver.call(() -> ep.driver.stack().listen(port, ep.options, (c, now) -> {
            Session s = mode.newSession(++accepted[0], sourceBytes != null ? sourceBytes : 0);
            live.add(s);
            ep.traceFirst(c, now);
            s.onEstablished(c, now); // a passive open reports establishment through this accept
            return s;
        }));
        announce(ep, "listening on " + Endpoint.text(ep.localAddress) + ":" + port + ", "
                + mode.name().toLowerCase(Locale.ROOT));
        long end = timeNanos != null ? System.nanoTime() + timeNanos : Long.MAX_VALUE;
        int done = 0;
        while (true) {
            for (Session s : ep.driver.call(() -> collectFinished(ep.driver.now()))) {
                report(s);
                done++;
            }
            long wait = Math.min(POLL_NANOS, end - System.nanoTime());
            if (connections != null && done >= connections || stop.requested() || wait <= 0) {
                break;
            }
            stop.await(wait);
        }
        ep.driver.call(() -> {
            long now = ep.driver.now();
            live.forEach(s -> {
                s.tick(now);
                s.interrupt();
            });
            return null;
        });
    }

    private List<Session> collectFinished(long now) {
        List<Session> out = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
            Session s = live.get(i);
            s.tick(now);
            if (s.isFinished()) {
                out.add(s);
                live.remove(i--);
            }
        }
        return out;
    }

    @Override
    int finish(long now) {
        for (Session s : live) { // the driver has stopped: what was left is ours to read
            s.finishAfterStop(now);
            if (s.isFinished()) {
                report(s);
            }
        }
        return failed ? 1 : 0;
    }

    /** Prints a report; a connection that failed (not one our own stop cut short) makes the exit code 1. */
    private void report(Session s) {
        SessionReport r = s.report();
        print(r);
        failed |= !r.complete() && !r.interrupted();
    }
}
