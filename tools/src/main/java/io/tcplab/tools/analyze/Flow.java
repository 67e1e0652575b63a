package io.tcplab.tools.analyze;

import io.tcplab.stack.wire.TcpHeader;

/**
 * One TCP connection in the capture: both directions of one address and port pair. Side 0 is the
 * endpoint that sent the flow's first packet, or its peer when that packet was a SYN-ACK, so a
 * captured handshake makes side 0 the client. Every packet updates the state; only those inside
 * the analysis window are counted, sampled and drawn.
 */
final class Flow {
    final int index;
    final Direction[] sides = new Direction[2];
    private final String side0Address;
    private final int side0Port;
    private long mostRecentSyn = Long.MIN_VALUE;
    private long handshakeRtt = -1;
    long firstNanos = Long.MIN_VALUE;
    long lastNanos;
    long packets;

    Flow(int index, Segment first) {
        this.index = index;
        boolean synAck = first.has(TcpHeader.SYN) && first.has(TcpHeader.ACK);
        side0Address = synAck ? first.dst() : first.src();
        side0Port = synAck ? first.dstPort() : first.srcPort();
        String a = synAck ? first.to() : first.from();
        String b = synAck ? first.from() : first.to();
        sides[0] = new Direction(a, b);
        sides[1] = new Direction(b, a);
    }

    /**
     * Adds a packet of this flow. {@code counted}: inside the analysis window; {@code bin}: its
     * goodput bin.
     */
    void add(Segment s, boolean counted, long bin) {
        int from = s.src().equals(side0Address) && s.srcPort() == side0Port ? 0 : 1;
        Direction fwd = sides[from];
        Direction rev = sides[1 - from];
        long now = s.timeNanos();
        if (counted) {
            if (firstNanos == Long.MIN_VALUE) {
                firstNanos = now;
            }
            lastNanos = now;
            packets++;
            fwd.packets++;
        }
        long seq = fwd.space.unwrap(s.seq());
        handshake(s, fwd, seq);
        long ack = s.has(TcpHeader.ACK) ? rev.space.unwrap(s.ack()) : 0;

        SegmentKind kind = SequenceAnalysis.classify(fwd, rev, s, seq, outOfOrderNanos());
        if (kind != null) {
            fwd.rtt.sent(seq, seq + s.sequenceLength(), now, kind.retransmission());
        }
        if (counted) {
            count(fwd, s, seq, kind);
        }
        if (s.timestamps()) {
            fwd.rtt.tsSent(s.tsVal(), now);
            if (s.has(TcpHeader.ACK) && s.tsEcr() != 0) {
                rev.rtt.tsEchoed(s.tsEcr(), now, s.frame(), counted);
            }
        }
        if (s.has(TcpHeader.ACK)) {
            acknowledge(s, fwd, rev, ack, counted, bin);
        }
        SequenceAnalysis.update(fwd, s, seq, ack, kind);
    }

    private void handshake(Segment s, Direction fwd, long seq) {
        if (s.has(TcpHeader.SYN)) {
            fwd.syn(seq, s.windowScale());
            if (!s.has(TcpHeader.ACK)) {
                mostRecentSyn = s.timeNanos();
            }
        } else if (s.has(TcpHeader.ACK) && handshakeRtt < 0 && mostRecentSyn != Long.MIN_VALUE) {
            handshakeRtt = s.timeNanos() - mostRecentSyn; // Wireshark's tcp.analysis.initial_rtt
        }
        if (s.has(TcpHeader.FIN)) {
            fwd.fin(seq + s.payload());
        }
    }

    private void count(Direction fwd, Segment s, long seq, SegmentKind kind) {
        if (SequenceAnalysis.gapBefore(fwd, s, seq)) {
            fwd.lost++;
        }
        if (kind == null) {
            return;
        }
        fwd.count(kind);
        if (s.payload() > 0) {
            fwd.segments++;
            fwd.wireBytes += s.payload();
        }
        fwd.series.segments.add(new DirectionSeries.SegmentPoint(s.timeNanos(), s.frame(), fwd.space.relative(seq),
                fwd.space.relative(seq + s.sequenceLength()), kind));
    }

    /** The packet's ACK, window and SACK blocks, all about the reverse direction's bytes. */
    private void acknowledge(Segment s, Direction fwd, Direction rev, long ack, boolean counted, long bin) {
        rev.rtt.acked(ack, s.timeNanos(), s.frame(), counted);
        rev.acknowledged(ack, bin, counted);
        if (!counted) {
            return;
        }
        long window = s.has(TcpHeader.SYN) ? s.window() : (long) s.window() << Math.max(0, scale(fwd, rev));
        rev.window(window);
        long relAck = rev.space.relative(ack);
        rev.series.acks.add(new DirectionSeries.AckPoint(s.timeNanos(), s.frame(), relAck, relAck + window));
        int[] sack = s.sack();
        if (sack.length > 0) {
            rev.sackPackets++;
            rev.sackBlocks += sack.length / 2;
            for (int i = 0; i < sack.length; i += 2) {
                rev.series.sacks.add(new DirectionSeries.SackBlock(s.timeNanos(), s.frame(),
                        rev.space.relative(rev.space.unwrap(sack[i])), rev.space.relative(rev.space.unwrap(sack[i + 1]))));
            }
        }
    }

    /**
     * RFC 7323 §2.2: the shift {@code sender}'s window fields take, once both SYNs were seen: its
     * own offer if both offered, else 0; -1 while unknown (the handshake not captured), when the
     * raw field is used.
     */
    static int scale(Direction sender, Direction peer) {
        if (!sender.synSeen || !peer.synSeen) {
            return -1;
        }
        return sender.offeredScale >= 0 && peer.offeredScale >= 0 ? sender.offeredScale : 0;
    }

    /** Wireshark's out-of-order threshold: the handshake's RTT, 3 ms while there is none. */
    long outOfOrderNanos() {
        return handshakeRtt > 0 ? handshakeRtt : SequenceAnalysis.DEFAULT_OUT_OF_ORDER_NANOS;
    }

    long handshakeRttNanos() {
        return handshakeRtt;
    }

    /** The direction that carried more payload (on the wire, inside the window): side 0 on a tie. */
    int dataSide() {
        return sides[1].wireBytes > sides[0].wireBytes ? 1 : 0;
    }

    boolean counted() {
        return firstNanos != Long.MIN_VALUE;
    }
}
