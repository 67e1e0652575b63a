package io.tcplab.stack.conn;

/**
 * The ways a connection can find that a loss episode (fast retransmit or timeout) was not a loss.
 * A connection runs any set of them ({@link ConnectionOptions#spurious}); the empty set is "off".
 */
public enum SpuriousDetection {
    /** Eifel (RFC 3522): the first acceptable ACK echoes a timestamp older than the first retransmission. */
    EIFEL,
    /** D-SACK (RFC 3708): every retransmission of the episode was reported as a duplicate. */
    DSACK,
    /** F-RTO (RFC 5682, SACK-enhanced as Linux tcp_frto=2): new data after a timeout tells a spurious one. */
    FRTO
}
