package io.tcplab.tools.scenario;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import org.junit.jupiter.api.Test;

class DebugRun {
    @Test
    void perf() {
        long bytes = Long.getLong("bytes", 512L << 20);
        for (int i = 0; i < 2; i++) {
            LinkParams f = new LinkParams().setRateBitsPerSec(1_000_000_000L).setDelayNanos(10_000_000L).setQueueLimit(Limit.bytes(2_500_000));
            LinkParams r = new LinkParams().setRateBitsPerSec(1_000_000_000L).setDelayNanos(10_000_000L).setQueueLimit(Limit.bytes(2_500_000));
            TransferSpec s = new TransferSpec(bytes, f, r, null, 1, "reno", true, true, true, false, 16 << 20, -1, 3_600_000_000_000L);
            TransferResult res = TransferRunner.run(s, null);
            System.out.printf("RESULT ok=%s pkts=%d wall=%.2f sim=%.2f pps=%.0f goodput=%.1fMbit rtx=%d rto=%d%n", res.streamsEqual(), res.dataPacketsEmulated(), res.wallSeconds(), res.simulatedSeconds(), res.dataPacketsEmulated() / res.wallSeconds(), res.goodputBitsPerSec() / 1e6, res.segmentsRetransmitted(), res.rtoCount());
        }
    }
}
