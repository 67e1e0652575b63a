package io.tcplab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** StackConfig written as text and read back. */
class StackConfigTextTest {
    private static final byte[] V6 = {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};

    @Test
    void everyFieldComesBack() {
        StackConfig config = StackConfig.builder(RandomSource.seeded(1)).address(new byte[] {10, 0, 0, (byte) 200})
                .address(V6).backlog(7).synQueue(9).synCookies(false).challengeAcksPerSecond(5)
                .verifyChecksums(false).virtualPayload(true).partialChecksums(true)
                .fastOpenKey(java.util.HexFormat.of().parseHex("f763bfa0813d80ed301d64cd904abcce"))
                .defaultOptions(ConnectionOptions.builder().mss(1200).build()).build();
        String text = StackConfigText.format(config);
        assertThat(text).contains("addresses=10.0.0.200,2001:db8:0:0:0:0:0:1\n", "backlog=7\n", "synCookies=false\n",
                "virtualPayload=true\n", "partialChecksums=true\n", "mss=1200", "fastOpenKey=f763bfa0813d80ed301d64cd904abcce\n");
        StackConfig back = StackConfigText.parse(text, RandomSource.seeded(2));
        assertThat(StackConfigText.format(back)).isEqualTo(text);
        assertThat(back.addresses.get(1)).isEqualTo(V6);
    }

    @Test
    void aRecordingFromBeforeTransmitChecksumOffloadReadsAsCompleteChecksums() {
        StackConfig config = StackConfig.builder(RandomSource.seeded(1)).address(new byte[] {10, 0, 0, 1})
                .partialChecksums(true).build();
        String older = StackConfigText.format(config).replace("partialChecksums=true\n", "");
        assertThat(StackConfigText.parse(older, RandomSource.seeded(1)).partialChecksums()).isFalse();
        assertThat(config.toBuilder().partialChecksums(false).build().partialChecksums()).isFalse();
        assertThat(StackConfigText.format(config.toBuilder().partialChecksums(false).build()))
                .isEqualTo(StackConfigText.format(config).replace("partialChecksums=true", "partialChecksums=false"));
    }

    @Test
    void aBadLineIsRefusedByName() {
        String text = StackConfigText.format(StackConfig.builder(RandomSource.seeded(1))
                .address(new byte[] {10, 0, 0, 1}).build());
        assertThatThrownBy(() -> StackConfigText.parse(text.replace("10.0.0.1", "10.0.0.300"), RandomSource.seeded(1)))
                .hasMessageContaining("10.0.0.300");
        assertThatThrownBy(() -> StackConfigText.parse(text.replace("backlog=128\n", ""), RandomSource.seeded(1)))
                .hasMessageContaining("backlog");
        assertThatThrownBy(() -> StackConfigText.parse(text.replace("synCookies=true", "synCookies=yes"),
                RandomSource.seeded(1))).hasMessageContaining("synCookies").hasMessageContaining("true or false");
        assertThat(text).contains("fastOpenKey=drawn\n"); // none given: drawn from the random source when first needed
        assertThatThrownBy(() -> StackConfigText.parse(text.replace("fastOpenKey=drawn", "fastOpenKey=abc"),
                RandomSource.seeded(1))).hasMessageContaining("fastOpenKey").hasMessageContaining("32 hex digits");
    }
}
