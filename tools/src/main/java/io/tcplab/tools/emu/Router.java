package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;

/** Forwards every packet by its destination address; changes nothing in it (not even the TTL). */
public final class Router extends Node {
    Router(String name, Network network) {
        super(name, network);
    }

    /** Hands the arriving buffer on to the next link instead of copying it. */
    @Override
    void receive(long nowNanos, ByteBuf packet, long summary) {
        forwardOwned(nowNanos, packet, summary);
    }

    @Override
    void onPacket(long nowNanos, ByteBuf packet) {
        forward(packet);
    }

    @Override
    void onTimer(long nowNanos) {
        throw new IllegalStateException("router " + name() + " sets no timers");
    }
}
