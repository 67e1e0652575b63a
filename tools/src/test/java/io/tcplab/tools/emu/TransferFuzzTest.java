package io.tcplab.tools.emu;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A stateful fuzz target on the emulator: a 256 KiB transfer between two tcplab stacks with up to
 * {@link #MAX_INJECTED} fuzzed segments fed into the receiver and the sender at fuzzed times, on
 * the connection's four-tuple or others ({@link FuzzedTransfer} says which are allowed and what is
 * checked). The ISNs are fuzzed too, so sequence numbers wrap. A normal build replays
 * {@code TransferFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (docs/fuzzing.md).
 */
class TransferFuzzTest {
    private static final int MAX_INJECTED = 48;

    @FuzzTest(maxDuration = "10s")
    void aTransferWithInjectedSegments(FuzzedDataProvider in) {
        FuzzedTransfer t = new FuzzedTransfer(in.consumeInt(), in.consumeInt());
        long time = t.now();
        for (int n = 0; n < MAX_INJECTED && in.remainingBytes() > 0; n++) {
            Injection i = Injection.from(in, FuzzedTransfer.BUFFER);
            time += i.delayNanos();
            t.injectAt(time, i);
        }
        t.finishAndCheck();
    }
}
