package io.tcplab.stack.conn;

/** Why a connection ended abnormally; the application sees it in {@link ConnectionHandler#onClosed}. */
public enum ConnectionError {
    /** The peer reset the connection (RFC 9293 §3.10.7.4, "second"). */
    RESET,
    /** The peer refused the connection: a RST answered our SYN. */
    REFUSED,
    /** Retransmissions or keep-alive probes went unanswered past the retry limit (RFC 9293 §3.8.3). */
    TIMEOUT,
    /** The application aborted the connection. */
    ABORTED
}
