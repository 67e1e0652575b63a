package io.tcplab.tools.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class PatternInputStreamTest {
    /** Byte-at-a-time and bulk reads give the same stream, across the 1 MiB block edge. */
    @Test
    void singleBytesAndBulkReadsAgree() throws IOException {
        int size = (1 << 20) + 5000;
        byte[] bulk = new PatternInputStream(3, size).readAllBytes();
        PatternInputStream single = new PatternInputStream(3, size);
        byte[] one = new byte[size];
        for (int i = 0; i < size; i++) {
            one[i] = (byte) single.read();
        }
        assertThat(single.read()).isEqualTo(-1);
        assertThat(bulk).hasSize(size).isEqualTo(one);
        // the second pass over the block starts at another phase, so the stream does not repeat
        assertThat(java.util.Arrays.copyOfRange(bulk, 1 << 20, (1 << 20) + 4000))
                .isNotEqualTo(java.util.Arrays.copyOfRange(bulk, 0, 4000));
    }
}
