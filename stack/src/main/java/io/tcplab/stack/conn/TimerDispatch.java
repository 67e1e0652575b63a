package io.tcplab.stack.conn;

/** Runs a connection's due timers, each to the part that armed it. */
final class TimerDispatch {
    private final Connection c;
    private final TimerTable timers;
    private final Sender sender;
    private final Handshake handshake;
    private final SegmentEmitter emitter;
    private final KeepAlive keepAlive;

    TimerDispatch(Connection c, TimerTable timers, Sender sender, Handshake handshake, SegmentEmitter emitter,
                  KeepAlive keepAlive) {
        this.c = c;
        this.timers = timers;
        this.sender = sender;
        this.handshake = handshake;
        this.emitter = emitter;
        this.keepAlive = keepAlive;
    }

    /** Every timer due at or before {@code now}, until none is or the connection closed. */
    void run(long now) {
        TimerKind kind;
        while (c.state() != TcpState.CLOSED && (kind = timers.takeDue(now)) != null) {
            switch (kind) {
                case RTO -> onRetransmitTimer(now);
                case LOSS_DETECTION -> sender.recovery().onLossTimer(now);
                case PACING -> sender.trySend(now);
                case DELAYED_ACK -> {
                    if (c.receiver() != null && c.receiver().ackPending()) {
                        emitter.ack(now);
                    }
                }
                case PERSIST -> sender.persist().onTimer(now);
                case KEEPALIVE -> keepAlive.onTimer(now, sender.sequence().una());
                case TIME_WAIT -> c.closing.enterClosed(now, null);
                default -> throw new IllegalStateException(kind.name());
            }
        }
    }

    private void onRetransmitTimer(long now) {
        TcpState state = c.state();
        if (state == TcpState.SYN_SENT || state == TcpState.SYN_RECEIVED) {
            if (!handshake.onSynTimer(now, state == TcpState.SYN_RECEIVED)) {
                c.closing.enterClosed(now, ConnectionError.TIMEOUT);
            }
            return;
        }
        sender.recovery().onRtoTimer(now);
        if (c.state() != TcpState.CLOSED && c.receiver().ackDue()) {
            emitter.ack(now);
        }
    }
}
