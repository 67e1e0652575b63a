package io.tcplab.stack.conn;

/** How a paced sender groups its segments: spread one by one, or in the bursts Linux's TSO autosizing builds. */
public enum PacingBurst {
    /**
     * One by one, each at its turn; the sender may run up to max(1 ms, two segments) ahead of
     * the schedule, so a late wake-up does not lose rate. No RFC specifies pacing; this is the
     * smoothest spacing the rate allows.
     */
    SPREAD,
    /**
     * As Linux 6.x sends from a paced socket without fq: each burst is one TSO/GSO packet of
     * max(2, (rate / 1024 + 64 KiB >> (min_RTT in µs >> 9)) / MSS) segments, at most 64 KiB,
     * leaving back to back (net/ipv4/tcp_output.c tcp_tso_autosize, tcp_min_tso_segs = 2), and
     * pushes the next burst back by its length over the rate, less up to half of that for the time
     * it left late (tcp_update_skb_after_send's credit); the first 10 segments are not paced.
     */
    TSO
}
