package io.tcplab.tools.link.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Late rounds and starved link time, worked by hand. */
class LoopStallsTest {
    private static final long MS = 1_000_000;

    @Test
    void roundsUnderAMillisecondLateAreNotStalls() {
        LoopStalls s = new LoopStalls();
        s.round(999_999, 50 * MS, 50 * MS);
        s.round(0, 0, 0);
        assertThat(s.count()).isZero();
        assertThat(s.totalNanos()).isZero();
        assertThat(s.forwardStarvedNanos()).isZero();
        assertThat(s.line()).isEqualTo("0 late rounds of 1 ms or more, 0.0 ms in all, longest 0.0 ms");
    }

    /**
     * Three stalls: 5 ms with the forward link idle 2 ms (it lost at most 2 ms) and the reverse
     * idle 20 ms (at most the 5 ms); 30 ms with the forward link busy the whole time (it lost
     * nothing: its clock ran on and it kept sending) and nothing to read on the reverse (0 passed
     * in); 1 ms exactly, both idle 1 ms.
     */
    @Test
    void aLinkLosesAtMostTheOverlapOfTheStallWithItsIdleTime() {
        LoopStalls s = new LoopStalls();
        s.round(5 * MS, 2 * MS, 20 * MS);
        s.round(30 * MS, 0, 0);
        s.round(MS, MS, MS);
        assertThat(s.count()).isEqualTo(3);
        assertThat(s.totalNanos()).isEqualTo(36 * MS);
        assertThat(s.longestNanos()).isEqualTo(30 * MS);
        assertThat(s.forwardStarvedNanos()).isEqualTo(3 * MS);
        assertThat(s.reverseStarvedNanos()).isEqualTo(6 * MS);
        assertThat(s.line()).isEqualTo("3 late rounds of 1 ms or more, 36.0 ms in all, longest 30.0 ms");

        LoopStalls other = new LoopStalls();
        other.round(40 * MS, 40 * MS, 0);
        s.add(other);
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.totalNanos()).isEqualTo(76 * MS);
        assertThat(s.longestNanos()).isEqualTo(40 * MS);
        assertThat(s.forwardStarvedNanos()).isEqualTo(43 * MS);
        assertThat(s.reverseStarvedNanos()).isEqualTo(6 * MS);
    }
}
