package io.tcplab.stack.cc;

/**
 * What one ACK is worth to window growth. {@code count=bytes}: the bytes it newly acknowledges
 * (RFC 3465 appropriate byte counting, L = 2 SMSS in slow start; RFC 5681 §3.1 recommends it).
 * {@code count=acks}: one, whatever it acknowledges, as Linux before byte counting became its
 * default ({@code tcp_abc = 0}, e.g. 2.6.24 net/ipv4/tcp_cong.c tcp_slow_start and
 * tcp_reno_cong_avoid): slow start adds one segment per ACK of new data, congestion avoidance
 * counts ACKs in {@code snd_cwnd_cnt}. A receiver that delays ACKs so halves the growth.
 */
public enum GrowthCounting {
    BYTES, ACKS;

    /** The {@code count} key of a spec: {@code bytes} (default) or {@code acks}. */
    public static GrowthCounting read(CcParameters parameters) {
        return parameters.getChoice("count", "bytes", "bytes", "acks").equals("acks") ? ACKS : BYTES;
    }
}
