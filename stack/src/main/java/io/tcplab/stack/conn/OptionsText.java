package io.tcplab.stack.conn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * {@link ConnectionOptions} as one line of text and back, so that a connection's configuration can
 * be written down (a recording's, a report's) and rebuilt exactly: {@code key=value} entries
 * separated by {@code ;}, every field, in a fixed order, the algorithm, loss-detector and
 * spurious-loss specs in their canonical form. Options whose algorithm or detector was handed in
 * as an object rather than a spec have no text: {@link #format} refuses them.
 */
public final class OptionsText {
    private static final String DEFAULT_PREFIX = "default.";

    /** One field: its key, how to write it and how to set it on a builder. */
    private record Field(String key, Function<ConnectionOptions, Object> value,
                         BiConsumer<ConnectionOptions.Builder, String> set) {
    }

    private static final List<Field> FIELDS = List.of(
            new Field("cc", o -> o.congestionControl, ConnectionOptions.Builder::congestionControl),
            new Field("profile", o -> o.profile, ConnectionOptions.Builder::profile),
            bool("sack", o -> o.sack, ConnectionOptions.Builder::sack),
            bool("timestamps", o -> o.timestamps, ConnectionOptions.Builder::timestamps),
            bool("windowScale", o -> o.windowScale, ConnectionOptions.Builder::windowScale),
            new Field("ecn", o -> o.ecnMode.word(), (b, v) -> {
                EcnMode mode = EcnMode.parse(v); // true/false: recordings made before AccECN
                if (mode == null) {
                    throw new IllegalArgumentException("must be off, classic or accecn");
                }
                b.ecnMode(mode);
            }),
            integer("sendBufferBytes", o -> o.sendBufferBytes, ConnectionOptions.Builder::sendBufferBytes),
            integer("receiveBufferBytes", o -> o.receiveBufferBytes, ConnectionOptions.Builder::receiveBufferBytes),
            bool("nagle", o -> o.nagle, ConnectionOptions.Builder::nagle),
            bool("delayedAck", o -> o.delayedAck, ConnectionOptions.Builder::delayedAck),
            number("delayedAckNanos", o -> o.delayedAckNanos, ConnectionOptions.Builder::delayedAckNanos),
            integer("quickAckSegments", o -> o.quickAckSegments, ConnectionOptions.Builder::quickAckSegments),
            bool("prr", o -> o.prr, ConnectionOptions.Builder::prr),
            new Field("prrBound", o -> o.prrBound, (b, v) -> b.prrBound(PrrBound.valueOf(v))),
            bool("rescueRetransmission", o -> o.rescueRetransmission, ConnectionOptions.Builder::rescueRetransmission),
            bool("ackAboveSndNxt", o -> o.ackAboveSndNxt, ConnectionOptions.Builder::ackAboveSndNxt),
            new Field("rackRtt", o -> o.rackRtt,
                    (b, v) -> b.rackRtt(io.tcplab.stack.recovery.RackRtt.valueOf(v))),
            bool("undoShowsReordering", o -> o.undoShowsReordering, ConnectionOptions.Builder::undoShowsReordering),
            number("rackTimerSlackNanos", o -> o.rackTimerSlackNanos, ConnectionOptions.Builder::rackTimerSlackNanos),
            bool("dupAckCredit", o -> o.dupAckCredit, ConnectionOptions.Builder::dupAckCredit),
            new Field("cwndLimited", o -> o.cwndLimited, (b, v) -> b.cwndLimited(CwndLimited.valueOf(v))),
            new Field("nagleTest", o -> o.nagleTest, (b, v) -> b.nagleTest(NagleTest.valueOf(v))),
            new Field("pacingBurst", o -> o.pacingBurst, (b, v) -> b.pacingBurst(PacingBurst.valueOf(v))),
            integer("initialWindowSegments", o -> o.initialWindowSegments, ConnectionOptions.Builder::initialWindowSegments),
            integer("mss", o -> o.mss, ConnectionOptions.Builder::mss),
            number("initialRtoNanos", o -> o.initialRtoNanos, ConnectionOptions.Builder::initialRtoNanos),
            number("minRtoNanos", o -> o.minRtoNanos, ConnectionOptions.Builder::minRtoNanos),
            new Field("rtoMinimum", o -> o.rtoMinimum,
                    (b, v) -> b.rtoMinimum(io.tcplab.stack.rtt.RtoMinimum.valueOf(v))),
            number("maxRtoNanos", o -> o.maxRtoNanos, ConnectionOptions.Builder::maxRtoNanos),
            integer("maxRetries", o -> o.maxRetries, ConnectionOptions.Builder::maxRetries),
            integer("synRetries", o -> o.synRetries, ConnectionOptions.Builder::synRetries),
            new Field("keepAlive", o -> o.keepAliveIdleNanos + "," + o.keepAliveIntervalNanos + "," + o.keepAliveProbes,
                    (b, v) -> {
                        String[] p = v.split(",", -1);
                        b.keepAlive(Long.parseLong(p[0]), Long.parseLong(p[1]), Integer.parseInt(p[2]));
                    }),
            number("timeWaitNanos", o -> o.timeWaitNanos, ConnectionOptions.Builder::timeWaitNanos),
            number("timestampTickNanos", o -> o.timestampTickNanos, ConnectionOptions.Builder::timestampTickNanos),
            new Field("recovery", o -> o.recovery, ConnectionOptions.Builder::recovery),
            new Field("spurious", o -> o.spurious.isEmpty() ? "off" : String.join(",", o.spurious),
                    ConnectionOptions.Builder::spurious),
            bool("pacing", o -> o.pacing, ConnectionOptions.Builder::pacing),
            bool("slowStartAfterIdle", o -> o.slowStartAfterIdle, ConnectionOptions.Builder::slowStartAfterIdle),
            new Field("exactCeEcho", o -> o.exactCeEcho, (b, v) -> b.exactCeEcho(ExactCeEcho.valueOf(v))),
            new Field("fastOpen", o -> o.fastOpen.format(), (b, v) -> b.fastOpen(FastOpen.parse(v))));

    private OptionsText() {
    }

    /** The options as text; an algorithm or detector handed in as an object is refused. */
    public static String format(ConnectionOptions options) {
        if (options.injected() || options.recoveryInjected()) {
            throw new IllegalArgumentException("options whose algorithm or loss detector was handed in as an object"
                    + " have no text form; name them by spec");
        }
        List<String> entries = new ArrayList<>();
        for (Field f : FIELDS) {
            entries.add(f.key + "=" + f.value.apply(options));
        }
        options.algorithmDefaults.forEach((algorithm, parameters) ->
                entries.add(DEFAULT_PREFIX + algorithm + "=" + parameters));
        return String.join(";", entries);
    }

    /** The options {@link #format} wrote; a missing, unknown or malformed entry is refused by name. */
    public static ConnectionOptions parse(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String entry : text.split(";", -1)) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("options entry '" + entry + "' is not key=value");
            }
            entries.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        ConnectionOptions.Builder b = ConnectionOptions.builder();
        for (Field f : FIELDS) {
            String value = entries.remove(f.key);
            if (value == null) {
                throw new IllegalArgumentException("options text has no " + f.key);
            }
            try {
                f.set.accept(b, value);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("options entry " + f.key + "=" + value + ": " + e.getMessage(), e);
            }
        }
        for (Map.Entry<String, String> e : entries.entrySet()) {
            if (!e.getKey().startsWith(DEFAULT_PREFIX)) {
                throw new IllegalArgumentException("unknown options entry '" + e.getKey() + "'");
            }
            b.algorithmDefaults(e.getKey().substring(DEFAULT_PREFIX.length()), e.getValue());
        }
        return b.build();
    }

    private static Field bool(String key, Function<ConnectionOptions, Object> value,
                              BiConsumer<ConnectionOptions.Builder, Boolean> set) {
        return new Field(key, value, (b, v) -> {
            if (!v.equals("true") && !v.equals("false")) {
                throw new IllegalArgumentException("must be true or false");
            }
            set.accept(b, Boolean.parseBoolean(v));
        });
    }

    private static Field integer(String key, Function<ConnectionOptions, Object> value,
                                 BiConsumer<ConnectionOptions.Builder, Integer> set) {
        return new Field(key, value, (b, v) -> set.accept(b, Integer.parseInt(v)));
    }

    private static Field number(String key, Function<ConnectionOptions, Object> value,
                                BiConsumer<ConnectionOptions.Builder, Long> set) {
        return new Field(key, value, (b, v) -> set.accept(b, Long.parseLong(v)));
    }
}
