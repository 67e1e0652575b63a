package io.tcplab.cc;

import java.util.SplittableRandom;

/**
 * When BBRv3 next probes for bandwidth (draft-ietf-ccwg-bbr-06 §5.3.3.8): after a wall-clock wait
 * drawn uniformly from [2 s, 3 s] (T_bbr), or after min(target inflight in segments, 63) round
 * trips counted from a random start of 0 or 1 (T_reno, so 62 or 63 rounds at most), whichever
 * comes first. The randomness comes from the seed the stack hands the algorithm
 * ({@link io.tcplab.stack.cc.CcInit#randomSeed()}), so runs repeat under the same seed.
 */
final class Bbr3ProbeWait {
    static final long MIN_WAIT_NANOS = 2_000_000_000L;
    static final long WAIT_SPREAD_NANOS = 1_000_000_000L;
    static final long MAX_RENO_ROUNDS = 63;

    private final SplittableRandom random;
    private long roundsSinceProbeUp;
    private long waitNanos;

    Bbr3ProbeWait(long seed) {
        random = new SplittableRandom(seed);
    }

    /** PickProbeWait, as ProbeBW_DOWN starts. */
    void pick() {
        roundsSinceProbeUp = random.nextInt(2);
        waitNanos = MIN_WAIT_NANOS + random.nextLong(WAIT_SPREAD_NANOS + 1);
    }

    void onRoundStart() {
        roundsSinceProbeUp++;
    }

    long waitNanos() {
        return waitNanos;
    }

    long roundsSinceProbeUp() {
        return roundsSinceProbeUp;
    }

    /** IsTimeToProbeBW's two tests: the wall-clock wait has passed, or the Reno-coexistence round bound. */
    boolean due(long now, long cycleStamp, long targetInflight, int mss) {
        long renoRounds = Math.min(targetInflight / mss, MAX_RENO_ROUNDS);
        return now > cycleStamp + waitNanos || roundsSinceProbeUp >= renoRounds;
    }
}
