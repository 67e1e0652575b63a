package io.tcplab.stack.cc;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds algorithms by name through {@link ServiceLoader} and makes them from a spec string. */
public final class CongestionControls {
    private static volatile Map<String, CongestionControlProvider> providers;

    private CongestionControls() {
    }

    /** The names of every algorithm on the class path, sorted. */
    public static java.util.Set<String> names() {
        return providers().keySet();
    }

    /**
     * Makes an algorithm from {@code name} or {@code name:key=value,...}; an unknown name or key,
     * or a value out of range, is an {@link IllegalArgumentException} that names the accepted ones.
     */
    public static CongestionControl create(String spec) {
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).trim().toLowerCase(java.util.Locale.ROOT);
        CongestionControlProvider provider = providers().get(name);
        if (provider == null) {
            throw new IllegalArgumentException("unknown congestion control '" + name + "'; available: "
                    + String.join(", ", names()));
        }
        CcParameters parameters = CcParameters.parse(name, colon < 0 ? "" : spec.substring(colon + 1));
        CongestionControl cc = provider.create(parameters);
        parameters.requireAllUsed();
        return cc;
    }

    /** Checks a spec without keeping the instance (for validating options early). */
    public static void validate(String spec) {
        create(spec);
    }

    private static Map<String, CongestionControlProvider> providers() {
        Map<String, CongestionControlProvider> found = providers;
        if (found == null) {
            found = new TreeMap<>();
            for (CongestionControlProvider p : ServiceLoader.load(CongestionControlProvider.class)) {
                found.put(p.name(), p);
            }
            providers = found;
        }
        return found;
    }
}
