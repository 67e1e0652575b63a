package io.tcplab.tools.link;

/**
 * Derives independent seeds from one run seed, so each random stream depends only on
 * (run seed, link name, stream name) and never on which other streams exist or are drawn from.
 */
public final class Seeds {
    private Seeds() {
    }

    public static long derive(long seed, String... names) {
        long h = mix(seed);
        for (String name : names) {
            for (int i = 0; i < name.length(); i++) {
                h = mix(h ^ name.charAt(i));
            }
            // A separator so that ("ab", "c") and ("a", "bc") differ.
            h = mix(h ^ 0x1_0000L);
        }
        return h;
    }

    /** The SplitMix64 finalizer: a cheap bijection that spreads every input bit. */
    private static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
