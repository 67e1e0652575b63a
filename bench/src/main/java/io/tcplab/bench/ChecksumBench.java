package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** RFC 1071 checksum over a full-MTU packet and a bare ACK-sized one, heap and direct. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChecksumBench {
    @Param({"64", "1500"})
    int size;

    @Param({"heap", "direct"})
    String memory;

    private ByteBuf buf;

    @Setup
    public void setup() {
        byte[] bytes = new byte[size];
        ThreadLocalRandom.current().nextBytes(bytes);
        buf = memory.equals("direct") ? Unpooled.directBuffer(size) : Unpooled.buffer(size);
        buf.writeBytes(bytes);
    }

    @Benchmark
    public short checksum() {
        return Checksum.fold(Checksum.sum(buf, 0, size, 0));
    }
}
