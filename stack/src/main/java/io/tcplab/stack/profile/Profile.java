package io.tcplab.stack.profile;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A reference platform's connection defaults and algorithm parameters, each with its source. A
 * profile only makes the starting builder: whatever a flow or command sets afterwards (sack, mss,
 * a spec's own parameters) wins, because it is applied on top. The profile owns its table; a
 * connection's options, once built, own the values.
 *
 * @param name       what {@code --profile} and {@code profile:} take
 * @param summary    one line: the platform and the version read
 * @param values     the connection options it sets, each at most once
 * @param algorithms the algorithm parameters it sets, at most one entry per algorithm
 */
public record Profile(String name, String summary, List<ProfileValue> values, List<AlgorithmDefault> algorithms) {

    public Profile {
        values = List.copyOf(values);
        algorithms = List.copyOf(algorithms);
        Set<ProfileKey> keys = EnumSet.noneOf(ProfileKey.class);
        for (ProfileValue v : values) {
            if (!keys.add(v.key())) {
                throw new IllegalArgumentException("profile " + name + " sets " + v.key().key() + " twice");
            }
        }
        Set<String> names = new HashSet<>();
        for (AlgorithmDefault a : algorithms) {
            if (!names.add(a.algorithm())) {
                throw new IllegalArgumentException("profile " + name + " sets " + a.algorithm() + " twice");
            }
        }
    }

    /** A fresh builder with this profile's values; set the explicit choices on it afterwards. */
    public ConnectionOptions.Builder builder() {
        return applyTo(ConnectionOptions.builder());
    }

    /**
     * {@code b} with this profile's every value over what it held (a what-if replay's change: the
     * recorded options, then the profile's), and the profile's name.
     */
    public ConnectionOptions.Builder applyTo(ConnectionOptions.Builder b) {
        b.profile(name);
        values.forEach(v -> v.key().apply(b, v.value()));
        algorithms.forEach(a -> b.algorithmDefaults(a.algorithm(), a.parameters()));
        return b;
    }
}
