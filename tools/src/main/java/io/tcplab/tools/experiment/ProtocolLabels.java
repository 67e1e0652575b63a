package io.tcplab.tools.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 000's column names for our algorithm names: CUBIC cubic, BIC bic, HTCP htcp, HSTCP
 * highspeed, STCP scalable, FAST fast, SACK reno (with SACK). Others are shown upper-cased.
 */
public final class ProtocolLabels {
    /** The seed's column order, in our names. */
    public static final List<String> SEED_ORDER = List.of("cubic", "bic", "htcp", "highspeed", "scalable", "fast", "reno");
    private static final Map<String, String> LABELS = Map.of("cubic", "CUBIC", "bic", "BIC", "htcp", "HTCP",
            "highspeed", "HSTCP", "scalable", "STCP", "fast", "FAST", "reno", "SACK");

    private ProtocolLabels() {
    }

    public static String label(String protocol) {
        String name = protocol.contains(":") ? protocol.substring(0, protocol.indexOf(':')) : protocol;
        String label = LABELS.getOrDefault(name, name.toUpperCase(Locale.ROOT));
        return name.equals(protocol) ? label : label + protocol.substring(name.length());
    }

    /** Seed order first, then the rest as given. */
    public static int rank(String protocol) {
        int i = SEED_ORDER.indexOf(protocol);
        return i < 0 ? SEED_ORDER.size() : i;
    }
}
