package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;

/** Where a link hands each copy of a packet that survives it. */
@FunctionalInterface
public interface LinkOutput {
    /**
     * {@code copy} leaves the transmitter at {@code departNanos} and reaches the far end at
     * {@code arrivalNanos}. The receiver owns it and gives it back to the link's
     * {@link PacketPool} once done.
     */
    void carry(ByteBuf copy, long departNanos, long arrivalNanos);

    /**
     * The same, with the copy's {@link PacketSummary} for the next hop; outputs that do not
     * route (the real-time bridge) ignore it.
     */
    default void carry(ByteBuf copy, long summary, long departNanos, long arrivalNanos) {
        carry(copy, departNanos, arrivalNanos);
    }
}
