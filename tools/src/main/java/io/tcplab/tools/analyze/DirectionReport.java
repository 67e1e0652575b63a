package io.tcplab.tools.analyze;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * One direction's numbers (docs/analyze.md defines each): the bytes one endpoint sent, their
 * retransmissions, reordering and gaps, the RTT samples of its segments and the window and SACK
 * blocks its receiver sent back. {@code resent} is retransmissions and out-of-order segments together:
 * every segment that starts below the highest byte sent before it (at the sender, all it sent again). {@code series} and the samples feed the CSV files and the plot.
 */
public record DirectionReport(String from, String to, long packets, long segments, long uniqueBytes, long wireBytes,
                              double goodputBitsPerSecond, long retransmissions, long resent, long fastRetransmissions,
                              long spuriousRetransmissions, long outOfOrder, long lost, RttStats rttAck,
                              RttStats rttTimestamps, WindowStats receiveWindow, long sackPackets, long sackBlocks,
                              @JsonIgnore DirectionSeries series, @JsonIgnore List<RttSample> ackSamples,
                              @JsonIgnore List<RttSample> tsSamples) {

    static DirectionReport of(Direction d, Direction receiver, double seconds) {
        List<RttSample> ack = d.rtt.ackSamples();
        List<RttSample> ts = d.rtt.tsSamples();
        return new DirectionReport(d.from, d.to, d.packets, d.segments, d.delivered, d.wireBytes,
                seconds > 0 ? d.delivered * 8 / seconds : 0, d.retransmissions, d.retransmissions + d.outOfOrder,
                d.fastRetransmissions,
                d.spuriousRetransmissions, d.outOfOrder, d.lost, RttStats.of(ack), RttStats.of(ts),
                WindowStats.of(d, Flow.scale(receiver, d)), d.sackPackets, d.sackBlocks, d.series, ack, ts);
    }
}
