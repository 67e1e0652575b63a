package io.tcplab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fast Open cookies as Linux computes them: the expected values are the cookies Linux's own
 * packetdrill scripts (fastopen/server/simple1-3, sockopt-fastopen-key, opt34/*) show for these
 * keys and addresses, recorded against kernels that use SipHash, not values this code produced.
 */
class FastOpenCookiesTest {
    /** The 16 key bytes of a tcp_fastopen_key sysctl value: its four 32-bit words, each little-endian (proc_tcp_fastopen_key). */
    static byte[] sysctlKey(String text) {
        byte[] key = new byte[16];
        String[] words = text.split("-");
        for (int w = 0; w < 4; w++) {
            long v = Long.parseLong(words[w], 16);
            for (int i = 0; i < 4; i++) {
                key[4 * w + i] = (byte) (v >>> (8 * i));
            }
        }
        return key;
    }

    private static byte[] ip(String dotted) {
        String[] p = dotted.split("\\.");
        return new byte[] {(byte) Integer.parseInt(p[0]), (byte) Integer.parseInt(p[1]), (byte) Integer.parseInt(p[2]),
                (byte) Integer.parseInt(p[3])};
    }

    @ParameterizedTest
    @CsvSource({
            "a0bf63f7-ed803d81-cd641d30-cebc4a90, 10.248.0.2, 192.168.0.2, 00abaaabe8e954c2",
            "a0bf63f7-ed803d81-cd641d30-cebc4a90, 10.248.0.3, 192.168.0.2, 1313a2da994a0951",
            "a0bf63f7-ed803d81-cd641d30-cebc4a90, 10.248.0.3, 192.168.0.3, 76d2c1c530f51f79",
            "a1a1a1a1-b2b2b2b2-c3c3c3c3-d4d4d4d4, 192.0.2.1, 192.168.0.1, 3021b9d889017eeb",
            "00000000-00000000-00000000-00000000, 10.248.0.2, 192.168.0.2, 93b7aa4f550f8a1a"})
    void givesLinuxsCookieForTheKeyAndAddresses(String key, String client, String server, String cookie) {
        byte[] out = new byte[FastOpenCookies.COOKIE_BYTES];
        new FastOpenCookies(sysctlKey(key), () -> 0).cookie(null, ip(client), ip(server), out);
        assertThat(HexFormat.of().formatHex(out)).isEqualTo(cookie);
    }

    /** sockopt-fastopen-key: the same key as bytes through TCP_FASTOPEN_KEY gives the same cookie as the sysctl. */
    @Test
    void aListenersOwnKeyOverridesTheStacks() {
        byte[] own = HexFormat.of().parseHex("f763bfa0813d80ed301d64cd904abcce");
        byte[] out = new byte[8];
        new FastOpenCookies(sysctlKey("00000000-00000000-00000000-00000000"), () -> 0)
                .cookie(own, ip("10.248.0.2"), ip("192.168.0.2"), out);
        assertThat(HexFormat.of().formatHex(out)).isEqualTo("00abaaabe8e954c2");
    }

    /** Without a configured key, one is drawn from the random source on first use, and only then. */
    @Test
    void drawsTheStackKeyOnFirstUse() {
        long[] draws = {0};
        FastOpenCookies cookies = new FastOpenCookies(null, () -> ++draws[0]);
        assertThat(draws[0]).isZero();
        byte[] a = new byte[8];
        byte[] b = new byte[8];
        cookies.cookie(null, ip("10.0.0.2"), ip("10.0.0.1"), a);
        cookies.cookie(null, ip("10.0.0.2"), ip("10.0.0.1"), b);
        assertThat(draws[0]).isEqualTo(2);
        assertThat(a).isEqualTo(b);
        cookies.cookie(null, ip("10.0.0.3"), ip("10.0.0.1"), b);
        assertThat(b).isNotEqualTo(a);
    }
}
