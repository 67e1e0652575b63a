package io.tcplab.stack.conn;

/**
 * How a connection ends: the application's half-close, close and abort (RFC 9293 §3.10.4,
 * §3.10.5), TIME-WAIT, and the end itself — CLOSED, the stack and the application told once, with
 * the error the application sees. It owns that error and whether the application closed its
 * reading side.
 */
final class Closing {
    private final Connection c;
    private boolean readClosed;
    private boolean closedNotified;
    private ConnectionError error;

    Closing(Connection c) {
        this.c = c;
    }

    /** See {@link Connection#shutdownOutput}. */
    void shutdownOutput(long now) {
        c.ctx.journal().shutdownOutput(now, c);
        sendFin(now);
    }

    private void sendFin(long now) {
        switch (c.state()) {
            case SYN_SENT:
                enterClosed(now, null);
                return;
            case SYN_RECEIVED:
            case ESTABLISHED:
                c.sender.requestClose();
                if (c.state() == TcpState.ESTABLISHED) {
                    c.setState(TcpState.FIN_WAIT_1, now);
                }
                break;
            case CLOSE_WAIT:
                c.sender.requestClose();
                c.setState(TcpState.LAST_ACK, now);
                break;
            default:
                return;
        }
        c.afterUserCall(now);
    }

    /**
     * Close: no more reading or writing. Unread received data makes it an abort with RST instead,
     * so the peer learns that data was lost (RFC 2525 §2.17).
     */
    void close(long now) {
        c.ctx.journal().close(now, c);
        readClosed = true;
        TcpState state = c.state();
        Receiver receiver = c.receiver();
        if (receiver != null && receiver.buffer().readable() > 0 && (state.synchronized_() || state == TcpState.SYN_RECEIVED)) {
            reset(now);
            return;
        }
        sendFin(now);
    }

    /** Abort: send RST if synchronized and forget the connection. */
    void abort(long now) {
        c.ctx.journal().abort(now, c);
        reset(now);
    }

    private void reset(long now) {
        TcpState state = c.state();
        if (state == TcpState.CLOSED) {
            return;
        }
        if (state.synchronized_() || state == TcpState.SYN_RECEIVED) {
            c.emitter.abortReset(now);
        }
        enterClosed(now, ConnectionError.ABORTED);
    }

    /** See {@link Connection#abortQuietly}. */
    void abortQuietly(long now) {
        c.ctx.journal().abortQuietly(now, c);
        enterClosed(now, null);
    }

    void enterTimeWait(long now) {
        c.timers.cancelAll();
        if (c.options.timeWaitNanos == 0) {
            enterClosed(now, null);
            return;
        }
        c.timers.arm(TimerKind.TIME_WAIT, now + c.options.timeWaitNanos);
    }

    /** The connection ends, with the error the application sees ({@code why}), or null after an orderly close. */
    void enterClosed(long now, ConnectionError why) {
        if (c.state() == TcpState.CLOSED && closedNotified) {
            return;
        }
        error = why;
        c.timers.cancelAll();
        c.setState(TcpState.CLOSED, now);
        c.ctx.onConnectionClosed(c);
        if (!closedNotified) {
            closedNotified = true;
            c.handler().onClosed(c, why, now);
        }
    }

    /** The application closed its reading side: what arrives is acknowledged and discarded. */
    boolean readClosed() {
        return readClosed;
    }

    /** Why the connection ended, or null (open, or closed in order). */
    ConnectionError error() {
        return error;
    }
}
