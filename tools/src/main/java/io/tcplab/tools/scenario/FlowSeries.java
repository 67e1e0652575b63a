package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionInfo;

/**
 * One flow's record of a run. Sample k is taken at {@code k × sampleNanos} (k = 0 at time 0).
 *
 * @param flow          what was asked for
 * @param baseRttNanos  its path's round trip without queueing
 * @param delivered     bytes its receiving application had read by each sample (cumulative)
 * @param cwnd          the sender's cwnd in bytes at each sample (0 before it connects; all 0 for web)
 * @param info          the sender connection's counters at the end (null for web traffic)
 * @param web           pages, objects and connections started (null unless web traffic)
 * @param kernel        a real run's kernel sender as ss saw it last (null for tcplab senders)
 * @param ceReceived    packets that reached the receiver host marked CE (null where nobody counted: real runs)
 */
public record FlowSeries(FlowSpec flow, long baseRttNanos, long[] delivered, long[] cwnd, ConnectionInfo info,
                         WebCounts web, KernelCounts kernel, Long ceReceived) {

    public record WebCounts(long pages, long objects, long connections) {
    }

    /**
     * A kernel sender's algorithm and retransmitted segments (ss's {@code retrans:x/TOTAL}; null if
     * ss never saw the socket: it never started, or a short transfer came and went between samples).
     */
    public record KernelCounts(String algorithm, Long retransmissions) {
    }

    /** Who sent: {@code "kernel"} for a real run's kernel socket, else {@code "tcplab"}. */
    public String stack() {
        return kernel != null ? "kernel" : "tcplab";
    }

    /** Segments the sender retransmitted, or null where nobody counted (web traffic). */
    public Long retransmissions() {
        if (info != null) {
            return info.segmentsRetransmitted();
        }
        return kernel != null ? kernel.retransmissions() : null;
    }

    public String name() {
        return flow.name();
    }

    /** Mean goodput in bit/s between samples {@code from} and {@code to} (indices). */
    public double throughputBitsPerSec(int from, int to, long sampleNanos) {
        if (to <= from) {
            return 0;
        }
        return (delivered[to] - delivered[from]) * 8e9 / ((double) (to - from) * sampleNanos);
    }
}
