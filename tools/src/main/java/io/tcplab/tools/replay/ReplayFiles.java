package io.tcplab.tools.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import io.tcplab.tools.metrics.TraceCsvWriter;
import io.tcplab.tools.plot.ChartFiles;
import io.tcplab.tools.plot.TracePlot;
import io.tcplab.tools.realhost.SessionReport;
import io.tcplab.tools.report.Report;
import io.tcplab.tools.traffic.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code tcplab replay --out DIR} writes: for each connection of the replayed stack, numbered
 * as the recording numbers them (from 0, as a divergence line names them), its trace as
 * {@code connection-N.csv} ({@link TraceCsvWriter}, times in seconds from the connection's start:
 * the connect, or the SYN that made a passive one), its report as {@code connection-N.json} (the
 * fields of {@code serve}/{@code send --json}, {@link SessionReport}, with the connection's number,
 * its trace rows and its files), and {@code connection-N.png} ({@link TracePlot}; and the SVG beside
 * it where that stays small, as {@link ChartFiles} writes every plot). Every row from the
 * connection's first is traced, whether or not the recorded run traced it.
 *
 * <p>As a {@link Replay.Observer} it puts a trace listener on each connection as the stack makes
 * it; a listener only reads the connection, so the replay checks the same run as without it.
 */
public final class ReplayFiles implements Replay.Observer, AutoCloseable {
    /** A file in the directory could not be written (not the recording's fault). */
    public static final class WriteFailure extends UncheckedIOException {
        WriteFailure(String message, IOException cause) {
            super(message, cause);
        }
    }

    private final Path dir;
    private final List<Traced> connections = new ArrayList<>();
    private final Map<Connection, Traced> byConnection = new IdentityHashMap<>();

    /** Files into {@code dir}, which must exist. */
    public ReplayFiles(Path dir) {
        this.dir = dir;
    }

    @Override
    public void created(int number, Connection connection, long now) {
        Path csv = csv(number);
        Traced t;
        try {
            t = new Traced(number, connection, now, TraceCsvWriter.open(csv));
        } catch (IOException e) {
            throw new WriteFailure("cannot write " + csv + ": " + e.getMessage(), e);
        }
        connections.add(t);
        byConnection.put(connection, t);
        connection.setTraceListener(t);
    }

    @Override
    public void written(Connection connection, byte[] data, int n) {
        Traced t = byConnection.get(connection);
        t.sentDigest.update(data, 0, n);
        t.sent += n;
    }

    @Override
    public void read(Connection connection, byte[] data, int n) {
        Traced t = byConnection.get(connection);
        t.receivedDigest.update(data, 0, n);
        t.received += n;
    }

    /** The connections made so far. */
    public int connections() {
        return connections.size();
    }

    public Path csv(int number) {
        return dir.resolve("connection-" + number + ".csv");
    }

    public Path json(int number) {
        return dir.resolve("connection-" + number + ".json");
    }

    public Path png(int number) {
        return dir.resolve("connection-" + number + ".png");
    }

    /**
     * Ends each trace file and writes each connection's report and plot, as the connections stand
     * now; {@code cutShort}: the replay stopped at a divergence, and a connection it left open is
     * reported interrupted. Returns the files, each connection's CSV, JSON, PNG and SVG (no plot
     * when it has no row, no SVG when that would be large).
     */
    public List<Path> finish(boolean cutShort) throws IOException {
        close();
        List<Path> files = new ArrayList<>();
        for (Traced t : connections) {
            files.add(csv(t.number));
            SessionReport report = t.report(cutShort);
            ObjectNode json = Report.MAPPER.createObjectNode();
            json.put("connection", t.number);
            json.setAll((ObjectNode) Report.MAPPER.valueToTree(report));
            json.put("traceRows", t.rows);
            json.put("trace", csv(t.number).getFileName().toString());
            Files.writeString(json(t.number), json + "\n", StandardCharsets.UTF_8);
            files.add(json(t.number));
            if (!t.plot.isEmpty()) {
                t.plot.save("connection " + t.number + ": " + report.local() + " -> " + report.remote() + " ("
                        + report.congestionControl() + "), replayed", png(t.number));
                files.add(png(t.number));
                Path svg = ChartFiles.svgBeside(png(t.number));
                if (Files.exists(svg)) {
                    files.add(svg);
                }
            }
        }
        return files;
    }

    /** Ends the trace files that are still open. */
    @Override
    public void close() throws IOException {
        IOException failed = null;
        for (Traced t : connections) {
            try {
                t.closeCsv();
            } catch (IOException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    /** One connection's trace, counts and digests; its rows timed from {@code originNanos}. */
    private static final class Traced implements TraceListener {
        final int number;
        final Connection connection;
        final long originNanos;
        final TracePlot plot = new TracePlot();
        final MessageDigest sentDigest = Sha256.newDigest();
        final MessageDigest receivedDigest = Sha256.newDigest();
        private TraceCsvWriter csv;
        long rows;
        long sent;
        long received;
        boolean stateSeen;
        boolean active;
        long establishedNanos = -1;
        long endedNanos = -1;
        long lastNanos;

        Traced(int number, Connection connection, long originNanos, TraceCsvWriter csv) {
            this.number = number;
            this.connection = connection;
            this.originNanos = originNanos;
            this.csv = csv;
            this.lastNanos = originNanos;
        }

        @Override
        public void onTrace(TraceRecord r) {
            long t = r.nowNanos;
            r.nowNanos = t - originNanos;
            try {
                if (csv != null) {
                    csv.onTrace(r);
                }
                plot.onTrace(r);
            } catch (UncheckedIOException e) {
                throw new WriteFailure("cannot write the trace of connection " + number + ": " + e.getMessage(),
                        e.getCause());
            } finally {
                r.nowNanos = t;
            }
            rows++;
            lastNanos = t;
            if (r.event == TraceEvent.TCP_STATE) {
                state(TcpState.valueOf(r.detail), t);
            }
        }

        private void state(TcpState state, long t) {
            if (!stateSeen) {
                stateSeen = true;
                active = state == TcpState.SYN_SENT;
            }
            if (state == TcpState.ESTABLISHED && establishedNanos < 0) {
                establishedNanos = t;
            }
            if ((state == TcpState.TIME_WAIT || state == TcpState.CLOSED) && endedNanos < 0) {
                endedNanos = t;
            }
            if (state == TcpState.CLOSED) {
                try { // nothing follows CLOSED: end the file, so a stack of many connections holds few open
                    closeCsv();
                } catch (IOException e) {
                    throw new WriteFailure("cannot write the trace of connection " + number + ": " + e.getMessage(), e);
                }
            }
        }

        void closeCsv() throws IOException {
            if (csv != null) {
                TraceCsvWriter closing = csv;
                csv = null;
                closing.close();
            }
        }

        /** As {@code serve}/{@code send} report a session: from the end of the handshake to TIME-WAIT or CLOSED. */
        SessionReport report(boolean cutShort) {
            ConnectionInfo info = connection.info();
            boolean ended = endedNanos >= 0;
            long start = establishedNanos >= 0 ? establishedNanos : originNanos;
            long end = ended ? endedNanos : lastNanos;
            boolean complete = ended && connection.error() == null && connection.atEof()
                    && (info.state() == TcpState.TIME_WAIT || info.state() == TcpState.CLOSED);
            return SessionReport.of(active ? "active" : "passive", "replay",
                    SessionReport.address(connection.localAddress(), connection.localPort()),
                    SessionReport.address(connection.remoteAddress(), connection.remotePort()), complete,
                    cutShort && !ended, connection.error(), sent, received, Sha256.hex(sentDigest.digest()),
                    Sha256.hex(receivedDigest.digest()), (end - start) / 1e9, info, connection.options().recovery,
                    null);
        }
    }
}
