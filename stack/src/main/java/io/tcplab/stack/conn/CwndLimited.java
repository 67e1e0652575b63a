package io.tcplab.stack.conn;

/**
 * When the window, not the application or the receiver, limits sending — what lets an algorithm
 * grow cwnd (RFC 7661: a window that is not used is not validated).
 */
public enum CwndLimited {
    /**
     * Per ACK, from the flight before it (RFC 7661 §4.3's pipeACK): in slow start when it is at
     * least half the window, after slow start when it is within a segment of it, or whenever the
     * last send stopped at the window.
     */
    PIPE_ACK,
    /**
     * Per round, as Linux's tcp_cwnd_validate and tcp_is_cwnd_limited (net/ipv4/tcp_output.c,
     * include/net/tcp.h, 6.x): limited when a send of the round stopped at the window or filled
     * it; in slow start also while cwnd is below twice the largest flight of the round
     * (max_packets_out), so an application-limited flight still doubles its window.
     */
    ROUND
}
