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

    /**
     * Our name for a protocol given by its seed column name (SACK, HSTCP, STCP, any case; the
     * others' columns are our names upper-cased), parameters kept: {@code hstcp:low_window=38} is
     * {@code highspeed:low_window=38}. Anything else is returned as given.
     */
    public static String fromLabel(String protocol) {
        int colon = protocol.indexOf(':');
        String name = colon < 0 ? protocol : protocol.substring(0, colon);
        for (Map.Entry<String, String> e : LABELS.entrySet()) {
            if (e.getValue().equalsIgnoreCase(name)) {
                return e.getKey() + protocol.substring(name.length());
            }
        }
        return protocol;
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
