package io.tcplab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SynCookiesTest {
    private static final long PERIOD = 64_000_000_000L;

    /** The reference implementation's vector for 8 message bytes 00..07 under the key 00..0f. */
    @Test
    void sipHashMatchesTheReferenceVector() {
        SipHash h = new SipHash(0x0706050403020100L, 0x0f0e0d0c0b0a0908L);
        assertThat(h.start().add(0x0706050403020100L).finish()).isEqualTo(0x93f5f5799a932462L);
    }

    @Property(tries = 500)
    void aCookieComesBackValidWithItsMssAndNotWithAnyChange(@ForAll long seed, @ForAll int peerIsn,
                                                             @ForAll @IntRange(min = 1, max = 9000) int peerMss,
                                                             @ForAll @IntRange(min = 0, max = 31) int bit,
                                                             @ForAll @IntRange(min = 0, max = 1_000_000) int seconds) {
        SynCookies cookies = new SynCookies(RandomSource.seeded(seed));
        ConnectionKey key = ConnectionKey.of(new byte[] {10, 0, 0, 1}, 80, new byte[] {10, 0, 0, 2}, 40000);
        long now = seconds * 1_000_000_000L;
        int cookie = cookies.cookie(now, key, peerIsn, peerMss);
        int expectedMss = SynCookies.MSS_TABLE[SynCookies.mssIndex(peerMss)];
        assertThat(expectedMss).isLessThanOrEqualTo(Math.max(peerMss, SynCookies.MSS_TABLE[0]));
        assertThat(cookies.validate(now, key, peerIsn, cookie)).isEqualTo(expectedMss);
        assertThat(cookies.validate(now + PERIOD, key, peerIsn, cookie)).isEqualTo(expectedMss);
        assertThat(cookies.validate(now + 2 * PERIOD + PERIOD, key, peerIsn, cookie)).isEqualTo(-1);
        assertThat(cookies.validate(now, key, peerIsn + 1, cookie)).isEqualTo(-1);
        // any one flipped bit is refused, except a time-counter change that still lands in the window
        int forged = cookie ^ (1 << bit);
        int result = cookies.validate(now, key, peerIsn, forged);
        if (bit < 27) {
            assertThat(result).isEqualTo(-1);
        }
        ConnectionKey other = ConnectionKey.of(new byte[] {10, 0, 0, 1}, 80, new byte[] {10, 0, 0, 2}, 40001);
        assertThat(cookies.validate(now, other, peerIsn, cookie)).isEqualTo(-1);
        // another stack's keys do not accept it
        assertThat(new SynCookies(RandomSource.seeded(seed + 1)).validate(now, key, peerIsn, cookie)).isEqualTo(-1);
    }

    @Property(tries = 500)
    void optionsInTheTsValAreKeptAndNeverAheadOfTheClock(@ForAll int clock,
                                                         @ForAll @IntRange(min = 0, max = 15) int shift,
                                                         @ForAll boolean sack, @ForAll boolean ecn) {
        int bits = SynCookies.optionBits(shift, sack, ecn);
        int ts = SynCookies.tsValWithOptions(clock, bits);
        assertThat(clock - ts).isBetween(0, 63); // RFC 7323 §5.3: later TSvals from the clock are not older
        assertThat(SynCookies.windowShiftOf(ts)).isEqualTo(shift);
        assertThat(SynCookies.sackOf(ts)).isEqualTo(sack);
        assertThat(SynCookies.ecnOf(ts)).isEqualTo(ecn);
    }
}
