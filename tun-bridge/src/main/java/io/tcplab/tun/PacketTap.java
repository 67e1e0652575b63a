package io.tcplab.tun;

import io.netty.buffer.ByteBuf;

/**
 * Sees every packet a {@link RealTimeDriver} moves, on the driver thread: each packet read from
 * the device just before the stack gets it, and each packet the stack emits just before the
 * device does. The buffer's readable bytes are one IP packet; a tap must not move its indices or
 * keep it past the call (copy what it needs). A driver without a tap pays nothing for the hook.
 */
public interface PacketTap {
    /** A packet read from the device, at {@code nowNanos} ({@link System#nanoTime()}). */
    void onReceived(long nowNanos, ByteBuf packet);

    /** A packet the stack emitted, at {@code nowNanos}, before it is written to the device. */
    void onSent(long nowNanos, ByteBuf packet);
}
