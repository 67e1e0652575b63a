package io.tcplab.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
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

/**
 * The receive path's parsing of one 1500-byte IPv4 data segment with timestamps:
 * IpPacket.wrap + TcpHeader.wrap + TcpOptions.parse, with and without TCP checksum.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HeaderParseBench {
    private static final int PACKET_LENGTH = 1500;

    @Param({"true", "false"})
    boolean verifyChecksum;

    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions options = new TcpOptions();
    private ByteBuf packet;

    @Setup
    public void setup() {
        TcpOptions ts = new TcpOptions();
        ts.setTimestamps(123456, 654321);
        SegmentWriter writer = new SegmentWriter()
                .setAddresses(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2})
                .setPorts(40000, 5201)
                .setSeq(1)
                .setAck(1)
                .setFlags(TcpHeader.ACK)
                .setWindow(65535)
                .setOptions(ts);
        ByteBuf payload = Unpooled.buffer(PACKET_LENGTH);
        int payloadLength = PACKET_LENGTH - writer.packetLength(0);
        payload.writeZero(payloadLength);
        packet = Unpooled.directBuffer(PACKET_LENGTH);
        writer.write(packet, payload, 0, payloadLength);
        tcp.setVerifyChecksum(verifyChecksum);
        if (parse() != 0) {
            throw new IllegalStateException("benchmark packet does not parse");
        }
    }

    /** Returns something derived from every layer so that nothing is dead code. */
    @Benchmark
    public int parse() {
        if (ip.wrap(packet) != null || tcp.wrap(ip) != null
                || options.parse(packet, tcp.optionsOffset(), tcp.optionsLength()) != null) {
            return -1;
        }
        return options.tsVal() - 123456 + tcp.payloadLength() - (PACKET_LENGTH - 52);
    }
}
