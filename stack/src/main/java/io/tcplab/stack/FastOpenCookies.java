package io.tcplab.stack;

import io.tcplab.stack.wire.TcpOptions;

/**
 * A server's Fast Open cookies (RFC 7413 §4.1.2): a MAC of the client's and the server's IP
 * address under a secret key, which the server recomputes to check a cookie instead of keeping
 * any state. As Linux computes them since 5.4 (tcp_fastopen.c, __tcp_fastopen_cookie_gen_cipher):
 * SipHash-2-4 over the SYN's source then destination address, the 64-bit result in little-endian
 * order as the 8-byte cookie, the 16-byte key read as two little-endian words — so a key written
 * the way Linux's {@code tcp_fastopen_key} sysctl takes it gives Linux's cookies. SipHash is a
 * keyed PRF made for short inputs (Aumasson and Bernstein, 2012), what §4.1.2 asks of the MAC,
 * and the stack already has it for SYN cookies; Linux used AES before.
 *
 * <p>The stack's key is the one its configuration gives, else two draws from its random source
 * when a listener first needs one (Linux draws its key on first use, tcp_fastopen_init_key_once);
 * a listener may have its own ({@code FastOpen.key}).
 */
final class FastOpenCookies {
    static final int COOKIE_BYTES = 8;
    private final RandomSource random;
    private SipHash stackKey;
    private final long[] words = new long[4];

    FastOpenCookies(byte[] key, RandomSource random) {
        this.random = random;
        this.stackKey = key == null ? null : hashOf(key);
    }

    /** The cookie for a SYN from {@code client} to {@code server}, into {@code out} at 0; {@code listenerKey} may be null. */
    void cookie(byte[] listenerKey, byte[] client, byte[] server, byte[] out) {
        SipHash h = listenerKey != null ? hashOf(listenerKey) : stackKey();
        int n = pack(client, server);
        h.start();
        for (int i = 0; i < n; i++) {
            h.add(words[i]);
        }
        long mac = h.finish();
        for (int i = 0; i < COOKIE_BYTES; i++) {
            out[i] = (byte) (mac >>> (8 * i));
        }
    }

    /** Whether the SYN's option carries the cookie {@code expected} (Linux: the same 8 bytes; other lengths never match). */
    static boolean matches(TcpOptions syn, byte[] expected, byte[] scratch) {
        if (syn.fastOpenLength() != COOKIE_BYTES) {
            return false;
        }
        syn.copyFastOpenCookie(scratch, 0);
        return java.util.Arrays.equals(scratch, 0, COOKIE_BYTES, expected, 0, COOKIE_BYTES);
    }

    private SipHash stackKey() {
        if (stackKey == null) {
            stackKey = new SipHash(random.nextLong(), random.nextLong());
        }
        return stackKey;
    }

    private static SipHash hashOf(byte[] key) {
        return new SipHash(littleEndian(key, 0, 8), littleEndian(key, 8, 8));
    }

    /** The addresses one after the other as little-endian 64-bit words (both 4 or both 16 bytes: whole words). */
    private int pack(byte[] client, byte[] server) {
        int total = client.length + server.length;
        for (int w = 0; w < total / 8; w++) {
            long word = 0;
            for (int i = 7; i >= 0; i--) {
                int at = 8 * w + i;
                word = word << 8 | (at < client.length ? client[at] : server[at - client.length]) & 0xFF;
            }
            words[w] = word;
        }
        return total / 8;
    }

    private static long littleEndian(byte[] b, int offset, int length) {
        long v = 0;
        for (int i = length - 1; i >= 0; i--) {
            v = v << 8 | (b[offset + i] & 0xFF);
        }
        return v;
    }
}
