package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.tools.emu.EmulatedHost;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.link.LinkParams;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The emulator's cost per packet: host "a" keeps a window of 1500-byte packets in flight to "b"
 * over a 1 Gbit/s, 1 ms link; "b" answers each with a 40-byte packet, and each answer lets "a"
 * send one more. One operation is one data packet: two link offers, two copies, two events.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EmulatorBench {
    private static final int PACKETS_PER_INVOCATION = 10_000;

    @Param({"64", "4096"})
    int window;

    private Network network;
    private Receiver receiver;
    private long target;
    private final BooleanSupplier reachedTarget = () -> receiver.received >= target;

    /** A host driven by arrivals alone. */
    abstract static class TimerlessHost implements EmulatedHost {
        final PacketSink sink;

        TimerlessHost(PacketSink sink) {
            this.sink = sink;
        }

        @Override
        public void poll(long nowNanos) {
        }

        @Override
        public long nextDeadline() {
            return Long.MAX_VALUE;
        }
    }

    /** Sends the next data packet for every answer it gets. */
    static final class Sender extends TimerlessHost {
        private final ByteBuf data = packet(1500, 2);

        Sender(PacketSink sink) {
            super(sink);
        }

        void sendWindow(int window) {
            for (int i = 0; i < window; i++) {
                sink.send(data);
            }
        }

        @Override
        public void receive(long nowNanos, ByteBuf ipPacket) {
            sink.send(data);
        }
    }

    /** Answers every data packet with a small one. */
    static final class Receiver extends TimerlessHost {
        private final ByteBuf answer = packet(40, 1);
        long received;

        Receiver(PacketSink sink) {
            super(sink);
        }

        @Override
        public void receive(long nowNanos, ByteBuf ipPacket) {
            received++;
            sink.send(answer);
        }
    }

    /** An IPv4 header (checksum left zero: nothing here checks it) and zero payload. */
    private static ByteBuf packet(int size, int dstLastByte) {
        ByteBuf p = Unpooled.buffer(size);
        p.writeByte(0x45).writeByte(0).writeShort(size).writeZero(8)
                .writeBytes(new byte[] {10, 0, 0, (byte) (3 - dstLastByte)})
                .writeBytes(new byte[] {10, 0, 0, (byte) dstLastByte});
        return p.writeZero(size - p.writerIndex());
    }

    @Setup(Level.Trial)
    public void setUp() {
        LinkParams params = LinkParams.of().setRateBitsPerSec(1_000_000_000L).setDelayNanos(1_000_000L);
        network = Topologies.twoHosts(1, params, params.copy(), Sender::new, Receiver::new);
        receiver = (Receiver) network.host("b").host();
        Sender sender = (Sender) network.host("a").host();
        network.at(0, () -> sender.sendWindow(window));
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS_PER_INVOCATION)
    public long packetRoundTrip() {
        target = receiver.received + PACKETS_PER_INVOCATION;
        network.scheduler().runUntil(reachedTarget, Long.MAX_VALUE);
        return network.scheduler().now();
    }
}
