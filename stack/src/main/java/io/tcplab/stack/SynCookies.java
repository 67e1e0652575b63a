package io.tcplab.stack;

/**
 * SYN cookies (RFC 4987 §3.6): when a listener's SYN queue is full, the SYN-ACK's initial
 * sequence number carries what the connection needs, authenticated, so no state is kept until
 * the peer's ACK returns it as ACK − 1. The layout, as Linux's in spirit (a time counter, an MSS
 * index and a keyed hash of the four-tuple), with SipHash-2-4 as the hash:
 *
 * <pre>
 *   bits 31..27  time counter: (now / 64 s) mod 32
 *   bits 26..25  index of the peer's MSS in {@link #MSS_TABLE} (the largest entry not above it)
 *   bits 24..0   SipHash(key; four-tuple, peer ISN, counter, index), low 25 bits
 * </pre>
 *
 * A cookie is valid for the counter it was made in and the next one (64 to 128 s), as Linux
 * accepts two minutes. A forged ACK passes with probability 2^-25 per guess of the other fields.
 *
 * <p>Options the ISN has no room for travel in the low 6 bits of our SYN-ACK's TSval when the
 * peer offered timestamps (RFC 7323), which it echoes in TSecr: the window-scale shift (4 bits,
 * 15 = none), SACK-permitted and ECN setup. Without timestamps a cookie connection has no window
 * scaling, no SACK and no ECN, only the MSS from the table — the loss RFC 4987 §3.6 describes.
 *
 * <p>The keys come from the stack's {@link RandomSource}; time only from {@code now}.
 */
final class SynCookies {
    /** The MSS values a cookie can carry: the common ones of IPv4 and IPv6 paths. */
    static final int[] MSS_TABLE = {536, 1220, 1440, 1460};
    static final int NO_WINDOW_SCALE = 15;
    static final int TS_OPTION_BITS = 6;
    private static final long PERIOD_NANOS = 64_000_000_000L;
    private static final int MAC_BITS = 25;
    private static final int MAC_MASK = (1 << MAC_BITS) - 1;
    /** Separates the two uses of the key: the cookie and the timestamp offset. */
    private static final long DOMAIN_COOKIE = 0x636f6f6b6965L;
    private static final long DOMAIN_TS_OFFSET = 0x74736f6666L;

    private final SipHash hash;

    SynCookies(RandomSource random) {
        hash = new SipHash(random.nextLong(), random.nextLong());
    }

    static int counter(long now) {
        return (int) (Math.floorDiv(now, PERIOD_NANOS) & 31);
    }

    /** The index into {@link #MSS_TABLE} of the largest entry at or below {@code mss} (0 below all). */
    static int mssIndex(int mss) {
        int index = 0;
        for (int i = 1; i < MSS_TABLE.length; i++) {
            if (MSS_TABLE[i] <= mss) {
                index = i;
            }
        }
        return index;
    }

    /** Our ISN for a SYN from {@code peerIsn} on this four-tuple, at {@code now}. */
    int cookie(long now, ConnectionKey key, int peerIsn, int peerMss) {
        int counter = counter(now);
        int index = mssIndex(peerMss);
        return counter << 27 | index << MAC_BITS | mac(key, peerIsn, counter, index);
    }

    /**
     * The MSS a returning cookie carries, or -1 when it is not one we made for this four-tuple and
     * peer ISN within the last two periods.
     */
    int validate(long now, ConnectionKey key, int peerIsn, int cookie) {
        int counter = cookie >>> 27;
        int age = (counter(now) - counter) & 31;
        if (age > 1) {
            return -1;
        }
        int index = (cookie >>> MAC_BITS) & 3;
        return mac(key, peerIsn, counter, index) == (cookie & MAC_MASK) ? MSS_TABLE[index] : -1;
    }

    /**
     * The timestamp offset of a cookie connection (RFC 7323 §5.4: per connection, unpredictable),
     * derived from the key so it is known again when the ACK returns.
     */
    int tsOffset(ConnectionKey key) {
        addTuple(hash.start().add(DOMAIN_TS_OFFSET), key);
        return (int) hash.finish();
    }

    /** Options in the low bits of a TSval: window-scale shift or {@link #NO_WINDOW_SCALE}, SACK, ECN. */
    static int optionBits(int windowShift, boolean sack, boolean ecn) {
        return windowShift | (sack ? 1 << 4 : 0) | (ecn ? 1 << 5 : 0);
    }

    /**
     * Our clock's TSval with its low bits replaced by the options, never ahead of the clock: the
     * connection's later TSvals come from the clock itself and must not look older to the peer's
     * PAWS (RFC 7323 §5.3), so a value that would pass it is moved back one step of 64 ticks.
     */
    static int tsValWithOptions(int clock, int bits) {
        int mask = (1 << TS_OPTION_BITS) - 1;
        int value = (clock & ~mask) | bits;
        return value - clock > 0 ? value - (mask + 1) : value;
    }

    static int windowShiftOf(int bits) {
        return bits & 15;
    }

    static boolean sackOf(int bits) {
        return (bits & (1 << 4)) != 0;
    }

    static boolean ecnOf(int bits) {
        return (bits & (1 << 5)) != 0;
    }

    private int mac(ConnectionKey key, int peerIsn, int counter, int index) {
        addTuple(hash.start().add(DOMAIN_COOKIE), key);
        hash.add((peerIsn & 0xFFFFFFFFL) << 32 | (long) counter << 8 | index);
        return (int) hash.finish() & MAC_MASK;
    }

    private void addTuple(SipHash h, ConnectionKey key) {
        h.add((long) key.localPort() << 16 | key.remotePort());
        addAddress(h, key.local());
        addAddress(h, key.remote());
    }

    private static void addAddress(SipHash h, byte[] address) {
        for (int off = 0; off < address.length; off += 8) {
            long word = 0;
            for (int i = off; i < Math.min(off + 8, address.length); i++) {
                word = word << 8 | (address[i] & 0xFF);
            }
            h.add(word);
        }
    }
}
