package io.tcplab.tools.experiment;

import io.tcplab.tools.ab.SsParser;
import io.tcplab.tools.ab.SsSampler;
import java.util.List;

/**
 * A {@link SenderLog} for the kernel sender, made from its {@code ss -tin} samples: the window
 * and ssthresh (segments × MSS), SND.UNA from {@code bytes_acked}, and a retransmission mark at
 * SND.UNA wherever the retransmitted count grew. ss shows no per-segment sends, so the
 * time-sequence panel has no "sent" points, and everything is as coarse as the sampling.
 */
final class KernelSenderLog {
    private KernelSenderLog() {
    }

    static SenderLog from(List<SsSampler.Timed> samples, long originNanos, long endNanos) {
        SenderLog log = new SenderLog(originNanos, endNanos);
        long retransmitted = 0;
        for (SsSampler.Timed s : samples) {
            long t = s.atNanos() - originNanos;
            if (t > endNanos) {
                break;
            }
            SsParser.Socket socket = s.socket();
            long ssthresh = socket.ssthreshSegments() < 0 ? Long.MAX_VALUE : socket.ssthreshSegments() * socket.mss();
            log.window(t, socket.cwndBytes(), ssthresh);
            log.acked.add(t, socket.bytesAcked());
            if (socket.retransmitsTotal() > retransmitted) {
                log.retransmitted.add(t, socket.bytesAcked());
                retransmitted = socket.retransmitsTotal();
            }
        }
        return log;
    }
}
