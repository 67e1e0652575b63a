package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import java.util.function.Function;

/** A tcplab stack as an emulated host: the emulator's three calls map one to one. */
public final class StackHost implements EmulatedHost {
    private final TcpStack stack;

    public StackHost(TcpStack stack) {
        this.stack = stack;
    }

    /** A host factory for {@link Network#addHost} that makes a stack with {@code config}. */
    public static Function<PacketSink, EmulatedHost> factory(StackConfig config) {
        return sink -> new StackHost(new TcpStack(config, sink));
    }

    public TcpStack stack() {
        return stack;
    }

    @Override
    public void receive(long nowNanos, ByteBuf ipPacket) {
        stack.receive(nowNanos, ipPacket);
    }

    @Override
    public void poll(long nowNanos) {
        stack.poll(nowNanos);
    }

    @Override
    public long nextDeadline() {
        return stack.nextDeadline();
    }
}
