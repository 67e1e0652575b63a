package io.tcplab.stack.script;

import static io.tcplab.stack.script.SegSpec.seg;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * A path that loses nothing, between a {@link ScriptedPeer}'s stack and a receiver this class
 * plays, stepped in virtual milliseconds. Each data segment waits its turn at a FIFO bottleneck
 * ({@code serializeMs} per segment), then takes the one-way delay {@code forward} gives for the
 * moment it leaves it — per packet, as netem and an ns-3 channel do, so packets that leave after a
 * delay falls overtake those still under way. The receiver acknowledges every segment at once:
 * the cumulative ACK, up to three SACK blocks (the one holding this segment first, RFC 2018 §4),
 * and TSecr from TS.Recent as RFC 7323 §4.3 keeps it. Each ACK takes the delay {@code reverse}
 * gives for the moment it is sent.
 */
final class LossFreePath {
    private record Packet(long atMs, long order, int seq, int end, int tsVal) {
    }

    private record Ack(long atMs, long order, int ack, int[] sack, int tsEcr) {
    }

    private final ScriptedPeer p;
    private final long serializeMs;
    private final LongUnaryOperator forward;
    private final LongUnaryOperator reverse;
    private final int window;
    private final PriorityQueue<Packet> onTheWire = new PriorityQueue<>(
            (a, b) -> a.atMs != b.atMs ? Long.compare(a.atMs, b.atMs) : Long.compare(a.order, b.order));
    private final PriorityQueue<Ack> acks = new PriorityQueue<>(
            (a, b) -> a.atMs != b.atMs ? Long.compare(a.atMs, b.atMs) : Long.compare(a.order, b.order));
    /** Received ranges above rcvNxt, by left edge. */
    private final TreeMap<Integer, Integer> above = new TreeMap<>();
    private long order;
    private long bottleneckFreeMs;
    private int rcvNxt = 1;
    private int tsRecent;
    private long delivered;
    private long duplicates;

    /** window: the receiver's window field (scaled by the peer's shift), which caps the flight. */
    LossFreePath(ScriptedPeer p, long serializeMs, LongUnaryOperator forward, LongUnaryOperator reverse, int window) {
        this.p = p;
        this.serializeMs = serializeMs;
        this.forward = forward;
        this.reverse = reverse;
        this.window = window;
    }

    /** Runs the path from the peer's current time to {@code endMs}. */
    void runUntil(long endMs) {
        for (long t = p.nowNanos() / 1_000_000L + 1; t <= endMs; t++) {
            p.advanceTo(t);
            while (!acks.isEmpty() && acks.peek().atMs <= t) {
                Ack a = acks.poll();
                p.in(seg(".").seq(1).ack(a.ack).sack(a.sack).tsEcr(a.tsEcr).win(window));
            }
            for (Seg s : p.drain()) {
                if (s.len() > 0) {
                    long sentMs = s.atNanos() / 1_000_000L;
                    long leaves = Math.max(bottleneckFreeMs, sentMs) + serializeMs;
                    bottleneckFreeMs = leaves;
                    onTheWire.add(new Packet(leaves + forward.applyAsLong(leaves), order++, s.seq(), s.seq() + s.len(),
                            s.tsVal()));
                }
            }
            while (!onTheWire.isEmpty() && onTheWire.peek().atMs <= t) {
                receive(onTheWire.poll(), t);
            }
        }
    }

    /** Bytes delivered in order to the receiver (each once). */
    long delivered() {
        return delivered;
    }

    /** Segments that arrived holding nothing new: the cost of spurious retransmissions. */
    long duplicates() {
        return duplicates;
    }

    private void receive(Packet pk, long t) {
        if (pk.seq <= rcvNxt && rcvNxt < pk.end) {
            tsRecent = pk.tsVal; // RFC 7323 §4.3 (2): the segment holds Last.ACK.sent
        }
        boolean fresh = pk.end > rcvNxt && !covered(pk.seq, pk.end);
        if (!fresh) {
            duplicates++;
        }
        if (pk.end > rcvNxt) {
            int left = Math.max(pk.seq, rcvNxt);
            int right = pk.end;
            Map.Entry<Integer, Integer> before = above.floorEntry(left);
            if (before != null && before.getValue() >= left) {
                left = before.getKey();
                right = Math.max(right, before.getValue());
            }
            for (Map.Entry<Integer, Integer> e = above.ceilingEntry(left); e != null && e.getKey() <= right;
                 e = above.ceilingEntry(left)) {
                right = Math.max(right, e.getValue());
                above.remove(e.getKey());
            }
            above.put(left, right);
            Map.Entry<Integer, Integer> first = above.firstEntry();
            if (first.getKey() <= rcvNxt) {
                delivered += first.getValue() - rcvNxt;
                rcvNxt = first.getValue();
                above.remove(first.getKey());
            }
        }
        acks.add(new Ack(t + reverse.applyAsLong(t), order++, rcvNxt, sackBlocks(pk.seq), tsRecent));
    }

    private boolean covered(int seq, int end) {
        Map.Entry<Integer, Integer> e = above.floorEntry(seq);
        return e != null && e.getValue() >= end;
    }

    /** Up to three blocks: the one holding the segment that just arrived first, then the highest others. */
    private int[] sackBlocks(int seq) {
        List<int[]> blocks = new ArrayList<>();
        Map.Entry<Integer, Integer> own = above.floorEntry(seq);
        Integer ownLeft = own != null && own.getValue() > seq ? own.getKey() : null;
        if (ownLeft != null) {
            blocks.add(new int[] {own.getKey(), own.getValue()});
        }
        for (Map.Entry<Integer, Integer> e : above.descendingMap().entrySet()) {
            if (blocks.size() == 3) {
                break;
            }
            if (!e.getKey().equals(ownLeft)) {
                blocks.add(new int[] {e.getKey(), e.getValue()});
            }
        }
        int[] edges = new int[blocks.size() * 2];
        for (int i = 0; i < blocks.size(); i++) {
            edges[2 * i] = blocks.get(i)[0];
            edges[2 * i + 1] = blocks.get(i)[1];
        }
        return edges;
    }
}
