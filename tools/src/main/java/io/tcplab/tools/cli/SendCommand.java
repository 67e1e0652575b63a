package io.tcplab.tools.cli;

import io.tcplab.tools.iperf3.Iperf3Client;
import io.tcplab.tools.iperf3.Iperf3Params;
import io.tcplab.tools.iperf3.Iperf3Result;
import io.tcplab.tools.realhost.Endpoint;
import io.tcplab.tools.realhost.Session;
import io.tcplab.tools.realhost.SessionReport;
import io.tcplab.tools.realhost.StopSignal;
import io.tcplab.tools.traffic.PatternInputStream;
import java.time.Duration;
import io.tcplab.tun.InterfaceAddress;
import java.util.Locale;
import io.tcplab.tun.PublishTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code tcplab send}: a real tcplab client behind a TUN device that sends bytes to a peer and reports. */
@Command(name = "send", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Connects from --addr behind a TUN device to --peer:--port, sends --bytes (or for --time), "
                + "half-closes, reads what the peer sends until its FIN, and reports the connection.",
                "Needs root (or CAP_NET_ADMIN). Exit codes: 0 success, 1 the transfer failed or the device could "
                        + "not be set up, 2 a bad option."})
public final class SendCommand extends EndpointCommand {
    static final long DEFAULT_BYTES = 64L << 20;

    @Option(names = "--peer", paramLabel = "IP", converter = Converters.Ip.class,
            description = "Address to connect to (default: the --host-addr address, the kernel's side).")
    private InterfaceAddress peer;

    @Option(names = "--port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Port to connect to (default: 5001, or 5201 with --iperf3).")
    private Integer port;

    @Option(names = "--iperf3", paramLabel = "HOST", converter = Converters.Ip.class,
            description = "Run an iperf3 test against a stock 'iperf3 -s' at HOST instead of a plain transfer.")
    private InterfaceAddress iperf3Host;

    @Option(names = "--parallel", paramLabel = "N", converter = Converters.Count.class,
            description = "With --iperf3: parallel streams, like iperf3 -P (default: 1).")
    private Integer parallel;

    @Option(names = "--reverse", description = "With --iperf3: the server sends, like iperf3 -R.")
    private boolean reverse;

    private Iperf3Result iperf3Result;

    @Option(names = "--bytes", paramLabel = "SIZE", converter = Converters.Bytes.class,
            description = "Bytes to send (default: 64MiB unless --time is given). " + Converters.SIZE_HELP)
    private Long bytes;

    @Option(names = "--time", paramLabel = "DURATION", converter = Converters.TimeLimit.class,
            description = "Send for this long after the handshake instead of a byte count, e.g. 10s.")
    private Long timeNanos;

    @Mixin
    private ConnectionOptionsMixin connection = new ConnectionOptionsMixin();

    private Session session;

    @Override
    ConnectionOptionsMixin connectionOptions() {
        return connection;
    }

    private long total() {
        return timeNanos != null ? Long.MAX_VALUE : bytes != null ? bytes : DEFAULT_BYTES;
    }

    @Override
    PublishTable.Direction publishDirection() {
        return PublishTable.Direction.OUTBOUND;
    }

    @Override
    int publishTarget() {
        return port();
    }

    /** iperf3: the control connection and one per stream; a plain send: one. */
    @Override
    int publishedPorts() {
        return iperf3Host != null ? 1 + (parallel != null ? parallel : 1) : 1;
    }

    private int port() {
        return port != null ? port : iperf3Host != null ? 5201 : 5001;
    }

    @Override
    void checkOptions() {
        if (iperf3Host == null && (parallel != null || reverse)) {
            throw new ParameterException(command.commandLine(), "--parallel and --reverse need --iperf3 HOST");
        }
        if (iperf3Host != null && peer != null) {
            throw new ParameterException(command.commandLine(), "--iperf3 HOST and --peer cannot be used together");
        }
        if (parallel != null && parallel > Iperf3Params.MAX_STREAMS) {
            throw new ParameterException(command.commandLine(), "--parallel must be 1 to " + Iperf3Params.MAX_STREAMS);
        }
        if (bytes != null && timeNanos != null) {
            throw new ParameterException(command.commandLine(), "--bytes and --time cannot be used together");
        }
        if (endpoint.publish != null && endpoint.publish + publishedPorts() - 1 > 65535) {
            throw new ParameterException(command.commandLine(), "--publish must leave " + publishedPorts()
                    + " source ports below 65536 (one per connection), got " + endpoint.publish);
        }
        int family = (endpoint.addr != null ? endpoint.addr : endpoint.hostAddr).address().length;
        if (peer != null && peer.address().length != family) {
            throw new ParameterException(command.commandLine(), "--peer must be of the same family as --addr");
        }
    }

    @Override
    void run(Endpoint ep, StopSignal stop) {
        if (iperf3Host != null) {
            Iperf3Params params = Iperf3Params.defaults().withParallel(parallel != null ? parallel : 1)
                    .withReverse(reverse);
            params = bytes != null ? params.withBytes(bytes)
                    : params.withTime(timeNanos != null ? (int) Math.max(1, (timeNanos + 999_999_999L) / 1_000_000_000L)
                            : params.timeSeconds());
            announce(ep, "iperf3 test from " + Endpoint.text(ep.localAddress()) + " to "
                    + Endpoint.text(iperf3Host.address()) + ":" + port());
            try {
                iperf3Result = Iperf3Client.run(ep.driver(), iperf3Host.address(), port(), params, ep.options(),
                        Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // a signal stopped us: finish() reports no result
            }
            return;
        }
        int port = port();
        byte[] to = peer != null ? peer.address() : ep.hostAddress();
        session = Session.source("send", 1, new PatternInputStream(1, total()), timeNanos != null ? timeNanos : 0);
        ep.connect(to, port, session);
        announce(ep, "connecting from " + Endpoint.text(ep.localAddress()) + " to " + Endpoint.text(to) + ":" + port);
        ep.await(session, stop, POLL_NANOS);
    }

    @Override
    int finish(long now) {
        if (iperf3Host != null) {
            if (iperf3Result == null) {
                return 1;
            }
            print(iperf3Result);
            if (!iperf3Result.ok()) {
                command.commandLine().getErr().println(command.qualifiedName() + ": iperf3 test failed: "
                        + iperf3Result.error());
                return 1;
            }
            return 0;
        }
        if (session == null) {
            return 1;
        }
        session.finishAfterStop(now);
        SessionReport r = session.report();
        print(r);
        if (!r.complete() || timeNanos == null && r.bytesSent() != total()) {
            command.commandLine().getErr().println(command.qualifiedName() + ": " + failure(r));
            return 1;
        }
        return 0;
    }

    private String failure(SessionReport r) {
        String why = r.error() != null ? "connection " + r.error().toLowerCase(Locale.ROOT).replace('_', ' ')
                : r.interrupted() ? "stopped" : "the connection did not close in order";
        if (timeNanos != null) {
            return String.format(Locale.ROOT, "transfer failed after %d bytes: %s", r.bytesSent(), why);
        }
        return String.format(Locale.ROOT, "transfer incomplete: %d of %d bytes sent: %s", r.bytesSent(), total(), why);
    }
}
