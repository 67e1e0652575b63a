package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;

/** What a host node runs: a TCP stack, or any sans-IO endpoint driven on virtual time. */
public interface EmulatedHost {
    /** A packet arrives; it is only valid during the call. */
    void receive(long nowNanos, ByteBuf ipPacket);

    /** Runs the timers due at or before {@code nowNanos}. */
    void poll(long nowNanos);

    /** When {@link #poll} must next be called; {@link Long#MAX_VALUE} if never. */
    long nextDeadline();
}
