package io.tcplab.stack.conn;

import io.tcplab.stack.buffer.SendBuffer;

/**
 * What an application changes on an open connection, as setsockopt(2) does after connect or
 * accept ({@link ConnectionOptions} holds what the connection opened with). Each change is told
 * to the stack's journal and handed to the part it concerns; see {@link Connection#socketOptions}.
 */
public final class SocketOptions {
    private final Connection c;
    private final SendBuffer sendBuffer;
    private final Handshake handshake;
    private final KeepAlive keepAlive;

    SocketOptions(Connection c, SendBuffer sendBuffer, Handshake handshake, KeepAlive keepAlive) {
        this.c = c;
        this.sendBuffer = sendBuffer;
        this.handshake = handshake;
        this.keepAlive = keepAlive;
    }

    /**
     * Changes the send buffer's size (SO_SNDBUF after connect or accept); false, and no change,
     * when it holds more bytes than {@code bytes}.
     */
    public boolean setSendBufferBytes(long now, int bytes) {
        c.ctx.journal().sendBufferBytes(now, c, bytes);
        boolean done = sendBuffer.setCapacity(bytes);
        if (done) {
            c.onSendSpace(now);
        }
        return done;
    }

    /** The send buffer's size: the options' unless {@link #setSendBufferBytes} changed it. */
    public int sendBufferBytes() {
        return sendBuffer.capacity();
    }

    /**
     * Changes how often the SYN (or SYN-ACK) is sent again before the open fails, from the next
     * timeout on (Linux's TCP_SYNCNT on a connecting socket); 1 to 100.
     */
    public void setSynRetries(long now, int retries) {
        if (retries < 1 || retries > 100) {
            throw new IllegalArgumentException("synRetries must be 1 to 100, got " + retries);
        }
        c.ctx.journal().synRetries(now, c, retries);
        handshake.setSynRetries(retries);
    }

    /**
     * Changes the idle time before keep-alive probing (RFC 9293 §3.8.4; Linux's TCP_KEEPIDLE on an
     * open socket); 0 turns it off. A connection that is not yet established starts no timer.
     */
    public void setKeepAliveIdle(long now, long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("keep-alive idle time must be >= 0, got " + nanos);
        }
        c.ctx.journal().keepAliveIdle(now, c, nanos);
        keepAlive.setIdle(now, nanos);
        c.ctx.onDeadlineChanged(c);
    }
}
