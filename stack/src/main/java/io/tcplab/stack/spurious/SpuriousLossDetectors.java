package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.spi.NamedProviders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds spurious-loss detectors by name through {@link java.util.ServiceLoader} and makes them
 * from a spec: {@code off}, or detectors separated by commas, each {@code name} or
 * {@code name:key=value,...} ({@code eifel,dsack,frto}, {@code frto,mine:k=2,t=5,dsack}: a word
 * with {@code =} is a parameter of the detector before it). The stack's own: {@code eifel}
 * (RFC 3522), {@code dsack} (RFC 3708), {@code frto} (RFC 5682).
 */
public final class SpuriousLossDetectors {
    /** What a connection runs unless its options say otherwise: all three, as Linux. */
    public static final String DEFAULT = "eifel,dsack,frto";
    /** The spec of no detector at all. */
    public static final String OFF = "off";

    private static final NamedProviders<SpuriousLossDetectorProvider> PROVIDERS =
            new NamedProviders<>(SpuriousLossDetectorProvider.class, SpuriousLossDetectorProvider::name);

    private SpuriousLossDetectors() {
    }

    /** The names of every detector on the class path, sorted. */
    public static Set<String> names() {
        return PROVIDERS.names();
    }

    /**
     * The detectors' specs in {@code spec}, in order, each checked (an unknown name, an unknown key
     * or a value out of range is an {@link IllegalArgumentException} naming what is accepted, a
     * name given twice too); empty for {@code off}.
     */
    public static List<String> split(String spec) {
        String text = spec.trim().toLowerCase(Locale.ROOT);
        List<String> specs = new ArrayList<>();
        if (text.equals(OFF)) {
            return specs;
        }
        for (String word : text.split(",", -1)) {
            String w = word.trim();
            if (w.contains("=") && !w.contains(":") && !specs.isEmpty()) {
                specs.set(specs.size() - 1, specs.get(specs.size() - 1) + "," + w);
            } else {
                specs.add(w);
            }
        }
        List<String> names = new ArrayList<>();
        for (String s : specs) {
            factory(s);
            String name = CcParameters.specName(s);
            if (names.contains(name)) {
                throw new IllegalArgumentException("spurious-loss detector '" + name + "' is named twice");
            }
            names.add(name);
        }
        return specs;
    }

    /** One factory per detector of {@code spec}, in order. */
    public static List<SpuriousLossDetectorProvider.Factory> factories(String spec) {
        List<SpuriousLossDetectorProvider.Factory> factories = new ArrayList<>();
        for (String s : split(spec)) {
            factories.add(factory(s));
        }
        return factories;
    }

    /** The factory of one detector's spec ({@code name} or {@code name:key=value,...}). */
    public static SpuriousLossDetectorProvider.Factory factory(String spec) {
        String name = CcParameters.specName(spec);
        SpuriousLossDetectorProvider provider = PROVIDERS.get(name);
        if (provider == null) {
            throw new IllegalArgumentException("unknown spurious-loss detector '" + name + "' (allowed: off, "
                    + String.join(", ", names()) + ")");
        }
        int colon = spec.indexOf(':');
        CcParameters parameters = CcParameters.parse("spurious", name, colon < 0 ? "" : spec.substring(colon + 1));
        SpuriousLossDetectorProvider.Factory factory = provider.configure(parameters);
        parameters.requireAllUsed();
        return factory;
    }
}
