package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CcParameters;
import java.util.Locale;

/**
 * A loss-detector choice as the command line and scenario files give it: {@code rack},
 * {@code rfc6675} or {@code teb[:k=2,backoff=2,dd=evidence]}. Only TEB takes parameters.
 */
public record RecoverySpec(LossRecovery recovery, TebParameters teb) {
    public static final String ACCEPTED = "rack, rfc6675 or teb[:k=2,backoff=2,dd=evidence|timer|off]";

    /**
     * Parses a spec; a bad name, key or value is an {@link IllegalArgumentException} whose
     * message names it and what is allowed.
     */
    public static RecoverySpec parse(String spec) {
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
        LossRecovery recovery;
        try {
            recovery = LossRecovery.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown recovery '" + name + "' (allowed: rack, rfc6675, teb)");
        }
        CcParameters p = CcParameters.parse("recovery", name, colon < 0 ? "" : spec.substring(colon + 1));
        TebParameters teb = recovery == LossRecovery.TEB ? TebParameters.read(p) : TebParameters.DEFAULT;
        p.requireAllUsed();
        return new RecoverySpec(recovery, teb);
    }
}
