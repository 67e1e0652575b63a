package io.tcplab.tools.analyze;

import java.util.LongSummaryStatistics;

/**
 * The receive window the receiver offered, in bytes after scaling, over its ACKs in the window:
 * {@code scale} is the shift its window fields took (RFC 7323), -1 when the handshake was not
 * captured and the raw fields were used.
 */
public record WindowStats(int samples, Long minBytes, Double meanBytes, Long maxBytes, int scale) {
    static WindowStats of(Direction d, int scale) {
        LongSummaryStatistics w = d.window;
        if (w.getCount() == 0) {
            return new WindowStats(0, null, null, null, scale);
        }
        return new WindowStats((int) w.getCount(), w.getMin(), w.getAverage(), w.getMax(), scale);
    }
}
