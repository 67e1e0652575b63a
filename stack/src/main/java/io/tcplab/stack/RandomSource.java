package io.tcplab.stack;

/**
 * The stack's only source of randomness (ISN secrets, ephemeral ports), injected by whoever
 * drives it so that an emulated run is reproducible from its seed.
 */
public interface RandomSource {
    long nextLong();

    /** A seeded source; the same seed gives the same sequence. */
    static RandomSource seeded(long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        return random::nextLong;
    }
}
