package io.tcplab.stack.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The profiles by name; {@code today} (tcplab's own defaults) first. docs/stack.md tabulates them. */
public final class Profiles {
    public static final String TODAY = "today";
    /** Today's Linux: what {@code tcplab ab} runs by default, so both sides follow the same rules. */
    public static final String LINUX = LinuxProfile.NAME;

    private static final Map<String, Profile> BY_NAME = new LinkedHashMap<>();

    static {
        for (Profile p : List.of(
                new Profile(TODAY, "tcplab's own defaults (RFC choices, docs/stack.md); nothing changed",
                        List.of(), List.of()),
                LinuxProfile.profile(), Linux2624Profile.profile(), Linux24Profile.profile(), Solaris27Profile.profile(),
                Ns3Profile.profile())) {
            BY_NAME.put(p.name(), p);
        }
    }

    private Profiles() {
    }

    /** Every profile, {@code today} first. */
    public static List<Profile> all() {
        return List.copyOf(BY_NAME.values());
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** The profile called {@code name}; an unknown name is an error that lists the known ones. */
    public static Profile get(String name) {
        Profile p = BY_NAME.get(name.trim().toLowerCase(Locale.ROOT));
        if (p == null) {
            throw new IllegalArgumentException("unknown profile '" + name + "' (allowed: " + String.join(", ", names()) + ")");
        }
        return p;
    }
}
