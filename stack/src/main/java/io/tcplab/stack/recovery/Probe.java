package io.tcplab.stack.recovery;

/** What the sender sent for a probe a detector asked for (RFC 8985 §7.3). */
public enum Probe {
    /** Nothing: no data outstanding and none to send. */
    NONE,
    /** A new segment. */
    NEW_DATA,
    /** The highest outstanding segment again. */
    RETRANSMISSION
}
