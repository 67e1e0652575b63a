package io.tcplab.stack;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * RFC 6528 §3: ISN = M + F(localip, localport, remoteip, remoteport, secretkey), where M is a
 * clock ticking every 4 µs and F a keyed hash (SHA-256 here) of the four-tuple with a secret drawn
 * once from the stack's random source. Called once per connection, so the digest's allocation is
 * of no concern.
 */
public final class IsnGenerator implements IsnSource {
    private final byte[] secret = new byte[16];

    public IsnGenerator(RandomSource random) {
        ByteBuffer.wrap(secret).putLong(random.nextLong()).putLong(random.nextLong());
    }

    @Override
    public long isn(long nowNanos, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        sha.update(localAddress);
        sha.update((byte) (localPort >>> 8));
        sha.update((byte) localPort);
        sha.update(remoteAddress);
        sha.update((byte) (remotePort >>> 8));
        sha.update((byte) remotePort);
        sha.update(secret);
        long f = ByteBuffer.wrap(sha.digest()).getInt() & 0xFFFFFFFFL;
        long m = nowNanos / 4000;
        return (m + f) & 0xFFFFFFFFL;
    }
}
