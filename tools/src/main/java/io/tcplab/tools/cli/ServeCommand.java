package io.tcplab.tools.cli;

import io.tcplab.tools.iperf3.Iperf3Result;
import io.tcplab.tools.iperf3.Iperf3Server;
import io.tcplab.tools.realhost.Endpoint;
import io.tcplab.tools.realhost.ServeMode;
import io.tcplab.tools.realhost.Session;
import io.tcplab.tools.realhost.SessionReport;
import io.tcplab.tools.realhost.StackCounters;
import io.tcplab.tools.realhost.StackReport;
import io.tcplab.tools.realhost.StopSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import io.tcplab.tun.PublishTable;
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

    @Option(names = "--port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Port to listen on (default: 5001, or 5201 with --iperf3).")
    private Integer port;

    @Option(names = "--iperf3", description = "Speak iperf3's protocol, so a stock 'iperf3 -c' can test against "
            + "this stack (TCP tests; -R, -P, -t, -n, -J).")
    private boolean iperf3;

    @Option(names = "--echo", description = "Write back what each client sends.")
    private boolean echo;

    @Option(names = "--source", paramLabel = "SIZE", converter = Converters.Bytes.class,
            description = "Send SIZE bytes to each client, then close. " + Converters.SIZE_HELP)
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
    private int peakLive; // the driver thread's while it runs
    private StackReport stackReport;
    private io.tcplab.stack.StackStats stats; // the stack's; read off the driver thread only once it stopped

    @Override
    ConnectionOptionsMixin connectionOptions() {
        return connection;
    }

    ServeMode mode() {
        if (iperf3 && (echo || sourceBytes != null)) {
            throw new ParameterException(command.commandLine(), "--iperf3 cannot be used with --echo or --source");
        }
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
    PublishTable.Direction publishDirection() {
        return PublishTable.Direction.INBOUND;
    }

    @Override
    int publishTarget() {
        return port();
    }

    @Override
    int publishedPorts() {
        return 1;
    }

    private int port() {
        return port != null ? port : iperf3 ? 5201 : 5001;
    }

    @Override
    void run(Endpoint ep, StopSignal stop) {
        if (iperf3) {
            runIperf3(ep, stop);
            return;
        }
        int port = port();
        ServeMode mode = mode();
        stats = ep.driver().call(() -> ep.driver().stack().stats());
        int[] accepted = {0};
        ep.driver().call(() -> ep.driver().stack().listen(port, ep.options(), (c, now) -> {
            Session s = mode.newSession(++accepted[0], sourceBytes != null ? sourceBytes : 0);
            live.add(s);
            peakLive = Math.max(peakLive, live.size());
            ep.traceFirst(c, now);
            s.onEstablished(c, now); // a passive open reports establishment through this accept
            return s;
        }));
        announce(ep, "listening on " + Endpoint.text(ep.localAddress()) + ":" + port + ", "
                + mode.name().toLowerCase(Locale.ROOT));
        long end = timeNanos != null ? System.nanoTime() + timeNanos : Long.MAX_VALUE;
        int done = 0;
        while (true) {
            for (Session s : ep.driver().call(() -> collectFinished(ep.driver().now()))) {
                report(s);
                done++;
            }
            long wait = Math.min(POLL_NANOS, end - System.nanoTime());
            if (connections != null && done >= connections || stop.requested() || wait <= 0) {
                break;
            }
            stop.await(wait);
        }
        ep.driver().call(() -> {
            long now = ep.driver().now();
            live.forEach(s -> {
                s.tick(now);
                s.interrupt();
            });
            stackReport = StackReport.of(ep.driver().stack().stats(), peakLive);
            return null;
        });
    }

    /** Serves iperf3 tests one after another, printing each result, until --time, --connections or a signal. */
    private void runIperf3(Endpoint ep, StopSignal stop) {
        java.util.concurrent.BlockingQueue<Iperf3Result> results = new java.util.concurrent.LinkedBlockingQueue<>();
        try (Iperf3Server server = Iperf3Server.start(ep.driver(), port(),
                Iperf3Server.Options.defaults().connectionOptions(ep.options()).onResult(results::add))) {
            announce(ep, "iperf3 server on " + Endpoint.text(ep.localAddress()) + ":" + port());
            long end = timeNanos != null ? System.nanoTime() + timeNanos : Long.MAX_VALUE;
            int done = 0;
            while (true) {
                for (Iperf3Result r; (r = results.poll()) != null; done++) {
                    print(r);
                    failed |= !r.ok();
                }
                long wait = Math.min(POLL_NANOS, end - System.nanoTime());
                if (connections != null && done >= connections || stop.requested() || wait <= 0) {
                    return;
                }
                stop.await(wait);
            }
        }
    }

    private List<Session> collectFinished(long now) {
        List<Session> out = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
            Session s = live.get(i);
            s.tick(now);
            if (s.isFinished()) {
                s.stackCounters(StackCounters.of(stats));
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
                s.stackCounters(StackCounters.of(stats));
                report(s);
            }
        }
        if (stackReport != null && stackReport.eventful()) {
            print(stackReport);
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
