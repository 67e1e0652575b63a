package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;
import java.util.Locale;

/**
 * TEB's constants (docs/stack.md#teb, REFERENCE §5.2), the parameters of a {@code teb:...}
 * recovery spec: a first transmission is lost {@code k} × the latest RTT after it left (the
 * seed's "timeout = 2 * most recent RTT"), each further transmission multiplies its deadline by
 * {@code backoff} (RFC 8961 asks for a backoff on repeated timeouts), and {@code doubleDrop} says
 * how a lost retransmission is found.
 */
public record TebParameters(double k, double backoff, DoubleDropRule doubleDrop) {
    public static final TebParameters DEFAULT = new TebParameters(2, 2, DoubleDropRule.EVIDENCE);

    public TebParameters {
        if (!(k >= 1 && k <= 16) || !(backoff >= 1 && backoff <= 16) || doubleDrop == null) {
            throw new IllegalArgumentException("TEB needs k and backoff in [1, 16] and a double-drop rule");
        }
    }

    /** Reads {@code k}, {@code backoff} and {@code dd} from a spec's parameters. */
    public static TebParameters read(CcParameters p) {
        double k = p.getDouble("k", DEFAULT.k, 1, 16);
        double backoff = p.getDouble("backoff", DEFAULT.backoff, 1, 16);
        String dd = p.getChoice("dd", DEFAULT.doubleDrop.label(), "evidence", "timer", "off");
        return new TebParameters(k, backoff, DoubleDropRule.valueOf(dd.toUpperCase(Locale.ROOT)));
    }

    /** The parameters of a {@code teb[:...]} spec; an unknown key or a value out of range is refused. */
    public static TebParameters of(String spec) {
        if (!LossDetectors.name(spec).equals(TebProvider.NAME)) {
            throw new IllegalArgumentException("not a teb spec: " + spec);
        }
        int colon = spec.indexOf(':');
        CcParameters p = CcParameters.parse("recovery", TebProvider.NAME, colon < 0 ? "" : spec.substring(colon + 1));
        TebParameters teb = read(p);
        p.requireAllUsed();
        return teb;
    }

    /** The spec that gives these values back, e.g. {@code teb:k=2,backoff=2,dd=evidence}. */
    public String spec() {
        return "teb:k=" + number(k) + ",backoff=" + number(backoff) + ",dd=" + doubleDrop.label();
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
