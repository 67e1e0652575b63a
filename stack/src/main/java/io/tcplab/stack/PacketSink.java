package io.tcplab.stack;

import io.netty.buffer.ByteBuf;

/**
 * Where the stack puts every IP packet it emits. The buffer is only valid during the call:
 * a sink that keeps the packet (a link queue, a TUN write batch) copies it.
 */
@FunctionalInterface
public interface PacketSink {
    void send(ByteBuf ipPacket);
}
