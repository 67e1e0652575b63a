package io.tcplab.tools.cli;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.spurious.SpuriousLossDetectors;
import picocli.CommandLine.Option;

/**
 * How tcplab's connections detect and answer loss: the loss detector, the spurious-loss
 * detectors and pacing. Part of {@link ConnectionOptionsMixin}, and on its own in {@code ab},
 * where the kernel's side has its own settings.
 */
public final class RecoveryOptionsMixin {
    @Option(names = "--recovery", paramLabel = "SPEC", defaultValue = "rack", converter = Converters.Recovery.class,
            description = "Loss detection with SACK, any detector on the class path: rack[:rtt=newest|last,"
                    + "undo_reordering=off|on] (RFC 8985), rfc6675 (DupThresh) or teb[:k=2,backoff=2,"
                    + "dd=evidence|timer|off] (a first transmission lost k x the latest RTT after it left, each resend"
                    + " x backoff; a lost resend found by dd, see docs/stack.md); NewReno without SACK"
                    + " (default: ${DEFAULT-VALUE}).")
    private String recovery;

    @Option(names = "--spurious", paramLabel = "LIST", defaultValue = SpuriousLossDetectors.DEFAULT,
            converter = Converters.Spurious.class,
            description = "Spurious-loss detection that undoes a reduction: off or a comma-separated list of eifel"
                    + " (RFC 3522), dsack (RFC 3708), frto (RFC 5682) or a plug-in's spec, judging each ACK in that"
                    + " order (default: ${DEFAULT-VALUE}, as Linux).")
    private Converters.SpuriousSpec spurious;

    @Option(names = "--pacing", paramLabel = "on|off", arity = "1", converter = Converters.OnOff.class,
            description = "Internal pacing at Linux's ratios (2 x cwnd/srtt in slow start, 1.2 x after) when the"
                    + " algorithm sets no rate (default: on for serve and send over TUN; off in the emulator, and in ab"
                    + " as the kernel sender beside it, which paces only BBR or under fq).")
    private Converters.Switch pacing;

    /** Applies these choices; pacing takes {@code pacingByDefault} unless given. */
    public ConnectionOptions.Builder applyTo(ConnectionOptions.Builder b, boolean pacingByDefault) {
        return b.recovery(recovery).spurious(spurious.spec()).pacing(pacing != null ? pacing.on() : pacingByDefault);
    }
}
