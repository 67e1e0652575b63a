package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.spi.NamedProviders;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Finds loss detectors by name through {@link ServiceLoader} and makes them from a spec string
 * ({@code name} or {@code name:key=value,...}), as {@link io.tcplab.stack.cc.CongestionControls}
 * does for algorithms. The stack's own: {@code rack} (RFC 8985, the default), {@code rfc6675},
 * {@code teb}.
 */
public final class LossDetectors {
    /** The detector a connection uses unless its options name another: RACK-TLP, as Linux. */
    public static final String DEFAULT = "rack";

    private static final NamedProviders<LossDetectorProvider> PROVIDERS =
            new NamedProviders<>(LossDetectorProvider.class, LossDetectorProvider::name);

    private LossDetectors() {
    }

    /** The names of every detector on the class path, sorted. */
    public static Set<String> names() {
        return PROVIDERS.names();
    }

    /** Every provider on the class path, sorted by name. */
    public static Collection<LossDetectorProvider> all() {
        return PROVIDERS.all();
    }

    /** The provider called {@code name}; an unknown name is an error listing the known ones. */
    public static LossDetectorProvider provider(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        LossDetectorProvider provider = PROVIDERS.get(key);
        if (provider == null) {
            throw new IllegalArgumentException("unknown recovery '" + key + "' (allowed: " + String.join(", ", names())
                    + ")");
        }
        return provider;
    }

    /** The detector's name in {@code spec}, lower case. */
    public static String name(String spec) {
        return CcParameters.specName(spec);
    }

    /**
     * A factory for {@code spec}, checked now: an unknown name or key, or a value out of range, is
     * an {@link IllegalArgumentException} that names what is accepted.
     */
    public static LossDetectorProvider.Factory factory(String spec) {
        int colon = spec.indexOf(':');
        return factory(provider(name(spec)), colon < 0 ? "" : spec.substring(colon + 1));
    }

    /** A factory for a provider that need not be on the class path, with {@code key=value,...} parameters. */
    public static LossDetectorProvider.Factory factory(LossDetectorProvider provider, String parameterText) {
        CcParameters parameters = CcParameters.parse("recovery", provider.name(), parameterText);
        LossDetectorProvider.Factory factory = provider.configure(parameters);
        parameters.requireAllUsed();
        return factory;
    }

    /**
     * {@code spec} in its canonical form: the name, then every parameter it sets or
     * {@code defaults} (detector name → {@code k=v,...}) fills in; a key the spec names wins.
     */
    public static String withDefaults(String spec, Map<String, String> defaults) {
        return CcParameters.specWithDefaults("recovery", spec, defaults);
    }

    /** {@code key=default [range], ...} of one provider, from the keys its {@code configure} reads. */
    public static String describeParameters(LossDetectorProvider provider) {
        CcParameters none = CcParameters.parse("recovery", provider.name(), "");
        provider.configure(none);
        return none.describe();
    }

    /** Every detector with its parameters, for help texts: {@code rack[:rtt=newest [newest|last], ...], rfc6675, ...}. */
    public static String accepted() {
        StringBuilder b = new StringBuilder();
        for (LossDetectorProvider p : all()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            String params = describeParameters(p);
            b.append(p.name()).append(params.isEmpty() ? "" : "[:" + params + "]");
        }
        return b.toString();
    }
}
