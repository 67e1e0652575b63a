package io.tcplab.tools.analyze;

import java.util.LongSummaryStatistics;

/**
 * One direction of a flow: the bytes one endpoint sends, the state the sequence analysis keeps
 * about them (Wireshark's per-direction {@code tcp_analyze_seq_info}), the other side's ACKs of
 * them, and the counts, samples and series of the packets inside the analysis window.
 */
final class Direction {
    final String from;
    final String to;
    final SeqSpace space = new SeqSpace();
    final RttSampler rtt = new RttSampler();
    final DirectionSeries series = new DirectionSeries();

    // the handshake
    boolean synSeen;
    long isn;
    /** The window scale this side's SYN offered, -1 without the option. */
    int offeredScale = -1;
    boolean finSeen;
    long finSeq;

    // the sequence analysis, over every packet (also those outside the window)
    boolean nextSeqKnown;
    /** The highest SEQ + length this side has sent. */
    long nextSeq;
    long nextSeqTime;
    boolean lastAckKnown;
    /** The ACK number of this side's last packet, in the other direction's space. */
    long lastAck;
    long lastAckTime;
    int dupAcks;
    /** The raw window field of this side's last packet, -1 before the first. */
    int lastWindow = -1;

    // the other side's ACKs of this direction
    boolean ackedKnown;
    long acked;

    // counts of the packets inside the window
    long packets;
    long segments;
    long wireBytes;
    long delivered;
    long retransmissions;
    long fastRetransmissions;
    long spuriousRetransmissions;
    long outOfOrder;
    long lost;
    long sackPackets;
    long sackBlocks;
    /** The receive window the other side offers this direction (scaled), over its ACKs inside the window. */
    final LongSummaryStatistics window = new LongSummaryStatistics();

    Direction(String from, String to) {
        this.from = from;
        this.to = to;
    }

    void syn(long seq, int windowScale) {
        if (!synSeen) {
            synSeen = true;
            isn = seq;
            offeredScale = windowScale;
            space.setOrigin(seq);
        }
    }

    void fin(long seq) {
        finSeen = true;
        finSeq = seq;
    }

    /**
     * The other side acknowledged up to {@code ack}: the bytes newly covered count as delivered
     * (the SYN and FIN not counted), into the goodput bin of {@code bin} when {@code counted}.
     * Before the first ACK the base is ISN + 1 when the SYN was seen, else the first ACK itself.
     */
    void acknowledged(long ack, long bin, boolean counted) {
        if (!ackedKnown) {
            ackedKnown = true;
            acked = synSeen ? isn + 1 : ack;
        }
        if (ack <= acked) {
            return;
        }
        long bytes = ack - acked - (finSeen && acked <= finSeq && finSeq < ack ? 1 : 0);
        acked = ack;
        if (counted && bytes > 0) {
            delivered += bytes;
            series.ackedPerBin.merge(bin, bytes, Long::sum);
        }
    }

    void count(SegmentKind kind) {
        switch (kind) {
            case RETRANSMISSION -> retransmissions++;
            case FAST_RETRANSMISSION -> {
                retransmissions++;
                fastRetransmissions++;
            }
            case SPURIOUS_RETRANSMISSION -> {
                retransmissions++;
                spuriousRetransmissions++;
            }
            case OUT_OF_ORDER -> outOfOrder++;
            default -> {
            }
        }
    }

    void window(long scaled) {
        window.accept(scaled);
    }
}
