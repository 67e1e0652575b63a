package io.tcplab.stack.cc;

import io.tcplab.stack.spi.NamedProviders;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Finds algorithms by name through {@link ServiceLoader} and makes them from a spec string
 * ({@code name} or {@code name:key=value,...}), or from a provider instance handed in directly.
 * Either way the result is a factory: one fresh instance per connection.
 */
public final class CongestionControls {
    private static final NamedProviders<CongestionControlProvider> PROVIDERS =
            new NamedProviders<>(CongestionControlProvider.class, CongestionControlProvider::name);

    private CongestionControls() {
    }

    /** The names of every algorithm on the class path, sorted. */
    public static Set<String> names() {
        return PROVIDERS.names();
    }

    /** Every provider on the class path, sorted by name. */
    public static Collection<CongestionControlProvider> all() {
        return PROVIDERS.all();
    }

    /** The provider called {@code name}; an unknown name is an error listing the known ones. */
    public static CongestionControlProvider provider(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        CongestionControlProvider provider = PROVIDERS.get(key);
        if (provider == null) {
            throw new IllegalArgumentException("unknown congestion control '" + key + "'; available: "
                    + String.join(", ", names()));
        }
        return provider;
    }

    /**
     * A factory for {@code spec}, checked now: an unknown name or key, or a value out of range,
     * is an {@link IllegalArgumentException} that names the accepted ones.
     */
    public static Supplier<CongestionControl> factory(String spec) {
        int colon = spec.indexOf(':');
        CongestionControlProvider provider = provider(colon < 0 ? spec : spec.substring(0, colon));
        return factory(provider, colon < 0 ? "" : spec.substring(colon + 1));
    }

    /** A factory for a provider that need not be on the class path, with {@code key=value,...} parameters. */
    public static Supplier<CongestionControl> factory(CongestionControlProvider provider, String parameterText) {
        CcParameters parameters = CcParameters.parse(provider.name(), parameterText);
        provider.create(parameters); // reads (and so validates) every value once
        parameters.requireAllUsed();
        return () -> provider.create(parameters);
    }

    /**
     * {@code spec} with the parameters in {@code defaults} (algorithm name → {@code k=v,...}) for
     * its algorithm filled in where the spec does not give them: a key the spec names wins.
     */
    public static String withDefaults(String spec, Map<String, String> defaults) {
        if (!defaults.containsKey(CcParameters.specName(spec))) {
            return spec; // as given: nothing to fill in
        }
        return CcParameters.specWithDefaults("cc", spec, defaults);
    }

    /** Makes one algorithm from a spec (see {@link #factory(String)}). */
    public static CongestionControl create(String spec) {
        return factory(spec).get();
    }

    /** Checks a spec without keeping the instance (for validating options early). */
    public static void validate(String spec) {
        factory(spec);
    }

    /** {@code name: key=default [range], ...} for one provider, from the keys its constructor reads. */
    public static String describeParameters(CongestionControlProvider provider) {
        CcParameters none = CcParameters.none(provider.name());
        provider.create(none);
        return none.describe();
    }
}
