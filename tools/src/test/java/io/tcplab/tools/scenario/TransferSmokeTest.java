package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TransferSmokeTest {
    @Test
    void cleanPathMovesEveryByte() {
        TransferResult r = TransferRunner.run(TransferSpecs.spec(1 << 20, p -> { }), null);
        System.out.println(r);
        assertThat(r.streamsEqual()).isTrue();
    }
}
