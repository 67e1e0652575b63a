package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.EcnMode;
import io.tcplab.stack.profile.Profile;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;


/**
 * The per-connection options every command that runs connections shares ({@code transfer},
 * {@code serve}, {@code send}): one place, so a new option reaches all of them at once under the
 * same name. A command decides only the defaults that depend on it (the buffer).
 */
public final class ConnectionOptionsMixin {

    @Option(names = "--cc", paramLabel = "SPEC", defaultValue = "reno", converter = Converters.Cc.class,
            description = "Congestion control, optionally with parameters, e.g. cubic:beta=0.7 (default: ${DEFAULT-VALUE}).")
    private String congestionControl;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "today", converter = Converters.ProfileName.class,
            description = "Era profile: a reference platform's connection defaults and algorithm parameters; the options"
                    + " given here win over it (tcplab profile list; default: ${DEFAULT-VALUE}).")
    private Profile profile;

    @Option(names = "--no-sack", description = "Do not offer SACK.")
    private boolean noSack;

    @Option(names = "--no-timestamps", description = "Do not offer timestamps.")
    private boolean noTimestamps;

    @Option(names = "--no-window-scale", description = "Do not offer window scaling.")
    private boolean noWindowScale;

    @Option(names = "--ecn", arity = "0..1", paramLabel = "MODE", fallbackValue = "classic",
            converter = Converters.Ecn.class,
            description = "ECN feedback to ask for and accept: off, classic (RFC 3168; what a bare --ecn means) or"
                    + " accecn (Accurate ECN, RFC 9768, falling back to classic or none as the peer answers;"
                    + " default: the profile's, off for today).")
    private EcnMode ecn;

    @Mixin
    private RecoveryOptionsMixin recovery = new RecoveryOptionsMixin();

    @Option(names = "--buffer", paramLabel = "SIZE", converter = Converters.Buffer.class,
            description = "Send and receive buffer of each connection, 4KiB to 1GiB (default: transfer: max(4MiB,"
                    + " 2 x BDP + queue); serve and send: 4MiB).")
    private Long bufferBytes;

    @Option(names = "--isn", paramLabel = "N", converter = Converters.Isn.class,
            description = "Initial sequence number of tcplab's connections, 0..4294967295, e.g. to cross the wrap early"
                    + " (default: per RFC 6528).")
    private Long isn;

    public String congestionControl() {
        return congestionControl;
    }

    public boolean sack() {
        return !noSack;
    }

    public boolean timestamps() {
        return !noTimestamps;
    }

    public boolean windowScale() {
        return !noWindowScale;
    }

    /** The ECN mode given, or null when --ecn was not. */
    public EcnMode ecn() {
        return ecn;
    }

    /** The buffer given on the command line, or {@code fallback}. */
    public int bufferBytes(long fallback) {
        return Math.toIntExact(bufferBytes != null ? bufferBytes : fallback);
    }

    /** The ISN given, or -1 for RFC 6528. */
    public long initialIsn() {
        return isn != null ? isn : -1;
    }

    /** The stack's connection options with these choices applied, pacing off unless asked for. */
    public ConnectionOptions toOptions(long defaultBufferBytes) {
        return toOptions(defaultBufferBytes, false);
    }

    /**
     * The stack's connection options: the profile's, then these choices over them. A flag not given
     * leaves the profile's value (a profile may turn SACK off; --no-sack only ever turns it off).
     */
    public ConnectionOptions toOptions(long defaultBufferBytes, boolean pacingByDefault) {
        int buffer = bufferBytes(defaultBufferBytes);
        ConnectionOptions.Builder b = profile.builder()
                .congestionControl(congestionControl)
                .sendBufferBytes(buffer)
                .receiveBufferBytes(buffer);
        if (noSack) {
            b.sack(false);
        }
        if (noTimestamps) {
            b.timestamps(false);
        }
        if (noWindowScale) {
            b.windowScale(false);
        }
        if (ecn != null) {
            b.ecnMode(ecn);
        }
        return recovery.applyTo(b, pacingByDefault).build();
    }
}
