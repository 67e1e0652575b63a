package io.tcplab.stack.seq;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SeqNumTest {

    @Property
    void unwrapInvertsWrapWithinHalfTheSpace(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long x,
                                             @ForAll @IntRange(min = -Integer.MAX_VALUE) int d) {
        assertThat(SeqNum.unwrap(SeqNum.wrap(x), x + d)).isEqualTo(x);
    }

    @Property
    void comparisonsAgreeWithUnwrappedOrder(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long x,
                                            @ForAll @IntRange(min = -Integer.MAX_VALUE) int d) {
        int a = SeqNum.wrap(x);
        int b = SeqNum.wrap(x + d);
        assertThat(SeqNum.lt(a, b)).isEqualTo(d > 0);
        assertThat(SeqNum.le(a, b)).isEqualTo(d >= 0);
        assertThat(SeqNum.gt(a, b)).isEqualTo(d < 0);
        assertThat(SeqNum.ge(a, b)).isEqualTo(d <= 0);
    }

    @Test
    void unwrapCrossesTheWrapInBothDirections() {
        long ref = (1L << 32) + 5;               // just past a wrap
        assertThat(SeqNum.unwrap(0xFFFF_FFF0, ref)).isEqualTo((1L << 32) - 16);
        long ref2 = (1L << 32) - 5;              // just before a wrap
        assertThat(SeqNum.unwrap(10, ref2)).isEqualTo((1L << 32) + 10);
    }

    @Test
    void exactlyHalfTheSpaceAwayResolvesBelowTheReference() {
        long ref = 5L << 32;
        int wire = SeqNum.wrap(ref + (1L << 31));
        assertThat(SeqNum.unwrap(wire, ref)).isEqualTo(ref - (1L << 31));
    }

    @Test
    void wrapKeepsTheLow32Bits() {
        assertThat(SeqNum.wrap((7L << 32) | 0x8000_0001L)).isEqualTo(0x8000_0001);
    }
}
