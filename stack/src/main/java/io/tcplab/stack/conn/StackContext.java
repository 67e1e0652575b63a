package io.tcplab.stack.conn;

import io.tcplab.stack.journal.StackJournal;

import io.tcplab.stack.StackStats;

/** What a connection needs from the stack that owns it. Implemented by the stack only. */
public interface StackContext {
    SegmentOutput output();

    StackStats stats();

    /** RFC 5961 §7: challenge ACKs are rate-limited per stack; true if one may be sent now. */
    boolean allowChallengeAck(long nowNanos);

    /** The connection reached CLOSED and must leave the demultiplexing table. */
    void onConnectionClosed(Connection connection);

    /** A passively opened connection completed its handshake (RFC 9293 §3.10.7.4, SYN-RECEIVED). */
    void onPassiveEstablished(Connection connection, long nowNanos);

    /** A connection's earliest timer moved. */
    void onDeadlineChanged(Connection connection);

    /** Segments carry lengths but no payload bytes (payload-free emulation): buffers store none. */
    boolean virtualPayload();

    /** The stack's Fast Open cookies of the servers it connected to (RFC 7413 §4.1.3). */
    FastOpenCache fastOpenCache();

    /** Who hears the application's calls and the stack's callbacks ({@link StackJournal#NONE} by default). */
    StackJournal journal();
}
