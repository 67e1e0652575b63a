package io.tcplab.stack.journal;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.AcceptHandler;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;

/**
 * Hears every input a {@link io.tcplab.stack.TcpStack} is handed — packets, polls, and the
 * application's calls with their arguments — in the order they happen, and the callbacks the
 * stack makes into the application; what a recorder needs to replay a run exactly. The stack
 * calls it; it never calls back. {@link #NONE}, the default, hears nothing. Randomness and
 * emitted packets pass through the {@link io.tcplab.stack.RandomSource} and
 * {@link io.tcplab.stack.PacketSink} the owner hands the stack, so a recorder wraps those itself.
 */
public interface StackJournal {
    /** Hears nothing. */
    StackJournal NONE = new StackJournal() {
    };

    /** A packet from the network, before the stack reads it. */
    default void received(long now, ByteBuf packet) {
    }

    /** {@code poll(now)}. */
    default void polled(long now) {
    }

    /**
     * The initial send sequence number the stack chose for a new connection (RFC 6528), before
     * it makes it: the journal answers the one to use — {@code iss} itself, or, replaying, the
     * recorded one (a recorded run may have chosen it in ways a replay cannot rebuild).
     */
    default long isn(long iss) {
        return iss;
    }

    /** A connection came to be (an active open, or a SYN a listener took): the next in creation order. */
    default void created(Connection connection) {
    }

    /**
     * The application installed {@code handler} ({@link ConnectionHandler#NONE} for none) on
     * {@code connection}: the handler the stack should call, {@code handler} or one that also notes
     * each callback.
     */
    default ConnectionHandler handler(Connection connection, ConnectionHandler handler) {
        return handler;
    }

    /** The accept handler a listener on {@code port} should call, the same way. */
    default AcceptHandler acceptHandler(int port, AcceptHandler handler) {
        return handler;
    }

    /**
     * An active open; {@code localAddress} null when the stack chooses the address and port,
     * {@code options} null for the stack's defaults; {@code handler}: the application gave one.
     */
    default void connect(long now, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort,
                         ConnectionOptions options, boolean handler) {
    }

    /**
     * A passive open ({@code options} null for the stack's defaults); {@code acceptHandler}:
     * completed connections go to a handler, not the accept queue.
     */
    default void listen(int port, ConnectionOptions options, boolean acceptHandler) {
    }

    /** {@code Listener.accept()} on {@code port}, and what came out (null when none was waiting). */
    default void accepted(int port, Connection connection) {
    }

    /** {@code Listener.close()}. */
    default void listenerClosed(int port) {
    }

    /**
     * {@code write} of {@code length} bytes from {@code src}'s reader index, of which the send
     * buffer has room for {@code room}; then {@link #result}.
     */
    default void write(long now, Connection connection, int length, int room, ByteBuf src) {
    }

    /** {@code write} of {@code length} bytes from {@code src} at {@code offset}, the same way. */
    default void write(long now, Connection connection, int length, int room, byte[] src, int offset) {
    }

    /** {@code endRecord}: the bytes written so far end a record. */
    default void endRecord(long now, Connection connection) {
    }

    /** {@code SocketOptions.setSendBufferBytes(bytes)} on an open connection. */
    default void sendBufferBytes(long now, Connection connection, int bytes) {
    }

    /** {@code SocketOptions.setSynRetries(retries)} on an open connection. */
    default void synRetries(long now, Connection connection, int retries) {
    }

    /** {@code SocketOptions.setKeepAliveIdle(nanos)} on an open connection. */
    default void keepAliveIdle(long now, Connection connection, long nanos) {
    }

    /** {@code read} of at most {@code max} bytes; then {@link #result}. */
    default void read(long now, Connection connection, int max) {
    }

    /** What the call just heard returns (bytes written or read): {@code value}, handed back. */
    default int result(int value) {
        return value;
    }

    default void shutdownOutput(long now, Connection connection) {
    }

    default void close(long now, Connection connection) {
    }

    default void abort(long now, Connection connection) {
    }

    /** {@code TcpStack.forgetFastOpenCookies}. */
    default void fastOpenCookiesForgotten(long now) {
    }

    /** {@code abortQuietly}, by the application or its driver, or by the stack itself (then inside an input). */
    default void abortQuietly(long now, Connection connection) {
    }

}
