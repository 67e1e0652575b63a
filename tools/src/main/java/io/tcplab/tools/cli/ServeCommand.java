package io.tcplab.tools.cli;

import io.tcplab.tools.iperf3.Iperf3Result;
import io.tcplab.tools.iperf3.Iperf3Server;
import io.tcplab.tools.realhost.Endpoint;
import io.tcplab.tools.realhost.ServeMode;
import io.tcplab.tools.realhost.Session;
import io.tcplab.tools.realhost.SessionReport;
import io.tcplab.tools.realhost.SessionServer;
import io.tcplab.tools.realhost.StackReport;
import io.tcplab.tools.realhost.StopSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;
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

    private boolean failed;
    private SessionServer server; // null until it listens (and with --iperf3)

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
        server = SessionServer.listen(ep, port, mode, sourceBytes != null ? sourceBytes : 0);
        announce(ep, "listening on " + Endpoint.text(ep.localAddress()) + ":" + port + ", "
                + mode.name().toLowerCase(Locale.ROOT));
        serve(stop, server::finished, this::report);
        server.stop();
    }

    /** Serves iperf3 tests one after another, printing each result, until --time, --connections or a signal. */
    private void runIperf3(Endpoint ep, StopSignal stop) {
        BlockingQueue<Iperf3Result> results = new LinkedBlockingQueue<>();
        try (Iperf3Server ignored = Iperf3Server.start(ep.driver(), port(),
                Iperf3Server.Options.defaults().connectionOptions(ep.options()).onResult(results::add))) {
            announce(ep, "iperf3 server on " + Endpoint.text(ep.localAddress()) + ":" + port());
            serve(stop, () -> {
                List<Iperf3Result> done = new ArrayList<>();
                results.drainTo(done);
                return done;
            }, r -> {
                print(r);
                failed |= !r.ok();
            });
        }
    }

    /** Reports what {@code done} yields, until --connections have been reported, --time is up or a stop is asked. */
    private <T> void serve(StopSignal stop, Supplier<List<T>> done, Consumer<T> report) {
        long end = timeNanos != null ? System.nanoTime() + timeNanos : Long.MAX_VALUE;
        int reported = 0;
        while (true) {
            for (T t : done.get()) {
                report.accept(t);
                reported++;
            }
            long wait = Math.min(POLL_NANOS, end - System.nanoTime());
            if (connections != null && reported >= connections || stop.requested() || wait <= 0) {
                return;
            }
            stop.await(wait);
        }
    }

    @Override
    int finish(long now) {
        if (server != null) {
            server.cutShort(now).forEach(this::report);
            StackReport stack = server.stackReport();
            if (stack != null && stack.eventful()) {
                print(stack);
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
