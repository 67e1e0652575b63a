package io.tcplab.tools.analyze;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * What one direction's time-sequence graph and CSV files draw, in relative sequence numbers
 * (bytes from the ISN) and capture time: its segments, the other side's ACKs with the window
 * they open, the SACK blocks, and the bytes newly acknowledged per {@code --interval} bin.
 */
final class DirectionSeries {
    record SegmentPoint(long timeNanos, long frame, long start, long end, SegmentKind kind) {
    }

    /** An ACK of this direction's data: the ACK number and the right edge of the window it offers. */
    record AckPoint(long timeNanos, long frame, long ack, long windowEdge) {
    }

    record SackBlock(long timeNanos, long frame, long left, long right) {
    }

    final List<SegmentPoint> segments = new ArrayList<>();
    final List<AckPoint> acks = new ArrayList<>();
    final List<SackBlock> sacks = new ArrayList<>();
    /** Bin index (time since the capture's first packet over the interval) to bytes newly acknowledged in it. */
    final NavigableMap<Long, Long> ackedPerBin = new TreeMap<>();
}
