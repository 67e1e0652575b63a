package io.tcplab.stack.cc;

/**
 * What one ACK is worth to window growth. {@code count=bytes}: the bytes it newly acknowledges
 * (RFC 3465 appropriate byte counting, L = 2 SMSS in slow start; RFC 5681 §3.1 recommends it).
 * {@code count=acks}: one, whatever it acknowledges, as Linux before byte counting became its
 * default ({@code tcp_abc = 0}, e.g. 2.6.24 net/ipv4/tcp_cong.c tcp_slow_start and
 * tcp_reno_cong_avoid): slow start adds one segment per ACK of new data, congestion avoidance
 * counts ACKs in {@code snd_cwnd_cnt}. A receiver that delays ACKs so halves the growth.
 * {@code count=segments}: the segments it newly acknowledges, with no per-ACK limit, as Linux
 * since it made byte counting its own (tcp_cong.c tcp_slow_start: cwnd = min(cwnd + acked,
 * ssthresh)); it differs from {@code bytes} only in slow start, where a stretch ACK of many
 * segments grows the window by all of them rather than by L = 2 SMSS.
 */
public enum GrowthCounting {
    BYTES, ACKS, SEGMENTS;

    /** The {@code count} key of a spec: {@code bytes} (default), {@code acks} or {@code segments}. */
    public static GrowthCounting read(CcParameters parameters) {
        return switch (parameters.getChoice("count", "bytes", "bytes", "acks", "segments")) {
            case "acks" -> ACKS;
            case "segments" -> SEGMENTS;
            default -> BYTES;
        };
    }
}
