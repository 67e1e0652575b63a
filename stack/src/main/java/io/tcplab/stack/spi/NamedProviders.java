package io.tcplab.stack.spi;

import java.util.Collection;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The plug-ins of one kind on the class path ({@link ServiceLoader}), by name, loaded once on
 * first use: congestion control algorithms and loss detectors are found the same way.
 */
public final class NamedProviders<P> {
    private final Class<P> type;
    private final Function<P, String> name;
    private volatile Map<String, P> providers;

    public NamedProviders(Class<P> type, Function<P, String> name) {
        this.type = type;
        this.name = name;
    }

    /** Every name, sorted. */
    public Set<String> names() {
        return providers().keySet();
    }

    /** Every provider, sorted by name. */
    public Collection<P> all() {
        return providers().values();
    }

    /** The provider called {@code key} (already lower case), or null. */
    public P get(String key) {
        return providers().get(key);
    }

    private Map<String, P> providers() {
        Map<String, P> found = providers;
        if (found == null) {
            found = new TreeMap<>();
            for (P p : ServiceLoader.load(type)) {
                found.put(name.apply(p), p);
            }
            providers = found;
        }
        return found;
    }
}
