package io.tcplab.stack;

/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012) over whole 64-bit words: a keyed hash fast enough
 * to run for every SYN of a flood, and allocation-free. Streaming: {@link #start}, {@link #add}
 * once per word, {@link #finish}. Not thread-safe, like the stack that owns it.
 */
final class SipHash {
    private final long k0;
    private final long k1;
    private long v0;
    private long v1;
    private long v2;
    private long v3;
    private int words;

    SipHash(long k0, long k1) {
        this.k0 = k0;
        this.k1 = k1;
    }

    SipHash start() {
        v0 = k0 ^ 0x736f6d6570736575L;
        v1 = k1 ^ 0x646f72616e646f6dL;
        v2 = k0 ^ 0x6c7967656e657261L;
        v3 = k1 ^ 0x7465646279746573L;
        words = 0;
        return this;
    }

    SipHash add(long word) {
        v3 ^= word;
        round();
        round();
        v0 ^= word;
        words++;
        return this;
    }

    long finish() {
        long last = ((long) (words * 8) & 0xFF) << 56; // the message length in its top byte, no tail bytes
        v3 ^= last;
        round();
        round();
        v0 ^= last;
        v2 ^= 0xFF;
        round();
        round();
        round();
        round();
        return v0 ^ v1 ^ v2 ^ v3;
    }

    private void round() {
        v0 += v1;
        v1 = Long.rotateLeft(v1, 13);
        v1 ^= v0;
        v0 = Long.rotateLeft(v0, 32);
        v2 += v3;
        v3 = Long.rotateLeft(v3, 16);
        v3 ^= v2;
        v0 += v3;
        v3 = Long.rotateLeft(v3, 21);
        v3 ^= v0;
        v2 += v1;
        v1 = Long.rotateLeft(v1, 17);
        v1 ^= v2;
        v2 = Long.rotateLeft(v2, 32);
    }
}
