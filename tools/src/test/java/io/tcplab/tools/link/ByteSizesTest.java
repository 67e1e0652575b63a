package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Sizes as docs/cli.md states them: decimal and binary units, and iperf3's bare K, M, G as binary. */
class ByteSizesTest {

    @Test
    void iperf3SuffixesArePowersOf1024InEitherCase() {
        assertThat(ByteSizes.parse("64M")).isEqualTo(64L << 20);
        assertThat(ByteSizes.parse("64m")).isEqualTo(64L << 20);
        assertThat(ByteSizes.parse("10K")).isEqualTo(10_240);
        assertThat(ByteSizes.parse("10k")).isEqualTo(10_240);
        assertThat(ByteSizes.parse("2G")).isEqualTo(2L << 30);
        assertThat(ByteSizes.parse("1.5G")).isEqualTo(3L << 29);
        assertThat(ByteSizes.parse("0.5K")).isEqualTo(512);
    }

    @Test
    void theSameSizeWithAnExplicitBinaryUnitIsTheSameAndDecimalUnitsAreNot() {
        assertThat(ByteSizes.parse("64MiB")).isEqualTo(ByteSizes.parse("64M"));
        assertThat(ByteSizes.parse("64MB")).isEqualTo(64_000_000L);
        assertThat(ByteSizes.parse("1.5GiB")).isEqualTo(ByteSizes.parse("1.5G"));
        assertThat(ByteSizes.parse("2GB")).isEqualTo(2_000_000_000L);
        assertThat(ByteSizes.parse("1000")).isEqualTo(1000);
    }

    @Test
    void fractionsOfAByteAndUnknownUnitsAreRefused() {
        assertThatThrownBy(() -> ByteSizes.parse("1.0001K")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a whole number of bytes: 1.0001K");
        assertThatThrownBy(() -> ByteSizes.parse("64T")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ByteSizes.parse("M")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ByteSizes.parse("9999999999G")).isInstanceOf(ArithmeticException.class);
    }
}
