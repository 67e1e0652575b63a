package io.tcplab.tools.experiment;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.recovery.DupThreshProvider;
import io.tcplab.stack.recovery.RackTlpProvider;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.stack.recovery.TebProvider;
import io.tcplab.stack.spurious.Eifel;
import io.tcplab.stack.spurious.SpuriousLossDetectors;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The loss-recovery set-ups the delay-spike experiment compares, each one choice of recovery and
 * spurious-loss detectors: {@code sack} is plain RFC 6675 with the RFC 6298 timer and no undo
 * (the seed's "normal TCP"), {@code teb} the timer-based retransmit, each with and without Eifel,
 * and {@code rack} the Linux-like RACK-TLP with Eifel, D-SACK and F-RTO. {@code kernel} is no
 * tcplab set-up but the kernel's own TCP, which only a real run (over TUN devices) has.
 */
public enum Variant {
    SACK("sack", DupThreshProvider.NAME, SpuriousLossDetectors.OFF),
    SACK_EIFEL("sack-eifel", DupThreshProvider.NAME, Eifel.NAME),
    TEB("teb", TebProvider.NAME, SpuriousLossDetectors.OFF),
    TEB_EIFEL("teb-eifel", TebProvider.NAME, Eifel.NAME),
    RACK("rack", RackTlpProvider.NAME, SpuriousLossDetectors.DEFAULT),
    KERNEL("kernel", null, SpuriousLossDetectors.OFF);

    /** The variants a virtual run has: every tcplab set-up. */
    public static final java.util.List<Variant> TCPLAB = java.util.List.of(SACK, SACK_EIFEL, TEB, TEB_EIFEL, RACK);

    private final String label;
    /** The loss detector's name. */
    private final String recovery;
    /** The spurious-loss detectors' spec. */
    private final String spurious;

    Variant(String label, String recovery, String spurious) {
        this.label = label;
        this.recovery = recovery;
        this.spurious = spurious;
    }

    /** The name on the command line and in every output. */
    public String label() {
        return label;
    }

    /** The kernel's TCP rather than a tcplab set-up. */
    public boolean isKernel() {
        return this == KERNEL;
    }

    /** The loss detector's name; null for {@link #KERNEL}. */
    public String recovery() {
        return recovery;
    }

    /** {@code base} with this variant's loss detector (TEB's with {@code teb}) and spurious-loss detection. */
    public ConnectionOptions applyTo(ConnectionOptions base, TebParameters teb) {
        if (isKernel()) {
            throw new IllegalStateException("the kernel variant has no tcplab connection options");
        }
        String spec = recovery.equals(TebProvider.NAME) ? teb.spec() : recovery;
        return base.toBuilder().recovery(spec).spurious(spurious).build();
    }

    /** Every label, comma-separated, for messages. */
    public static String labels() {
        return Arrays.stream(values()).map(Variant::label).collect(Collectors.joining(", "));
    }

    public static Variant byLabel(String label) {
        String wanted = label.trim().toLowerCase(Locale.ROOT);
        for (Variant v : values()) {
            if (v.label.equals(wanted)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + label + "': expected one of " + labels());
    }
}
