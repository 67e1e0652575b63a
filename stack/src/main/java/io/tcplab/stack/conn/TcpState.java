package io.tcplab.stack.conn;

/** The connection states of RFC 9293 §3.3.2. */
public enum TcpState {
    CLOSED, LISTEN, SYN_SENT, SYN_RECEIVED, ESTABLISHED, FIN_WAIT_1, FIN_WAIT_2, CLOSE_WAIT, CLOSING, LAST_ACK,
    TIME_WAIT;

    /** States after the handshake in which both sequence spaces are known (RFC 9293 §3.5). */
    public boolean synchronized_() {
        return ordinal() >= ESTABLISHED.ordinal();
    }

    /** States in which our side may still queue new data. */
    public boolean canSend() {
        return this == ESTABLISHED || this == CLOSE_WAIT;
    }

    /** States in which data from the peer is accepted (RFC 9293 §3.10.7.4, "seventh"). */
    public boolean acceptsData() {
        return this == ESTABLISHED || this == FIN_WAIT_1 || this == FIN_WAIT_2;
    }
}
