package io.tcplab.stack.conn;

/**
 * Which detector decides that a segment is lost, chosen per connection. Without SACK every choice
 * falls back to NewReno (RFC 6582), the only recovery that works from cumulative ACKs alone.
 */
public enum LossRecovery {
    /** RACK-TLP, RFC 8985: time-based loss marking with a reordering window and tail loss probes. Linux's default. */
    RACK,
    /** RFC 6675: DupThresh SACKed segments above a hole mark it lost. */
    RFC6675,
    /** The project's timer-based retransmit (docs/stack.md): each segment lost after 2 x the latest RTT. */
    TEB
}
