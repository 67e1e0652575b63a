package io.tcplab.tools.ab;

/**
 * One point of a sender's state during a run: time since the run began, congestion window in
 * bytes, smoothed RTT (0 before the first sample), retransmitted segments so far, bytes acknowledged.
 */
public record Sample(long atNanos, long cwndBytes, long srttNanos, long retransmits, long bytesAcked) {
}
