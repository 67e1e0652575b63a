package io.tcplab.tools.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DigestPipeTest {
    /** Sizes around the 256 KiB chunk edge and past the 16-chunk ring, written in uneven pieces. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 262_143, 262_144, 262_145, 5_000_001})
    void sameDigestAsHashingInline(int size) throws Exception {
        byte[] data = new byte[size];
        new SplittableRandom(size).nextBytes(data);
        DigestPipe pipe = new DigestPipe("test");
        SplittableRandom pieces = new SplittableRandom(7);
        for (int at = 0; at < size; ) {
            if (at < 300_000) { // single bytes first, across the first chunk edge
                pipe.write(data[at++]);
                continue;
            }
            int n = Math.min(size - at, 1 + pieces.nextInt(100_000));
            pipe.write(data, at, n);
            at += n;
        }
        String expected = Sha256.hex(MessageDigest.getInstance("SHA-256").digest(data));
        assertThat(pipe.finish()).isEqualTo(expected);
        assertThat(pipe.finish()).isEqualTo(expected);
    }
}
