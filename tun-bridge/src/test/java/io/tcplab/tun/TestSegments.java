package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Builds the TCP/IP packets the offload tests feed the coalescer and splitter, with the stack's own
 * {@link SegmentWriter} (so they are exactly what the stack emits): one connection, fields set by
 * chained calls, each {@link #build} a fresh heap buffer.
 */
final class TestSegments {
    static final byte[] V4_A = {10, 77, 0, 2};
    static final byte[] V4_B = {10, 77, 0, 1};
    static final byte[] V6_A = v6(2);
    static final byte[] V6_B = v6(1);

    /** A sink that keeps a copy of each frame and builds the next one in the same buffer. */
    static SegmentCoalescer.FrameSink copyingInto(java.util.List<ByteBuf> frames) {
        return (frame, packets) -> {
            frames.add(Unpooled.copiedBuffer(frame));
            return frame;
        };
    }

    private final SegmentWriter writer = new SegmentWriter();
    private final TcpOptions options = new TcpOptions();
    int seq = 1000;
    int ack = 5000;
    int flags = TcpHeader.ACK;
    int window = 500;
    int ipId = 7;
    int tsVal = 100;
    int sackLeft;
    int sackRight;
    boolean timestamps = true;

    TestSegments(boolean ipv6) {
        writer.setAddresses(ipv6 ? V6_A : V4_A, ipv6 ? V6_B : V4_B).setPorts(40000, 5201);
    }

    private static byte[] v6(int last) {
        byte[] a = new byte[16];
        a[0] = (byte) 0xfd;
        a[15] = (byte) last;
        return a;
    }

    /** Checksums left partial, as a stack with transmit checksum offload writes them. */
    TestSegments partialChecksums() {
        writer.setPartialChecksum(true);
        return this;
    }

    /** A packet with {@code payload} bytes (each {@code seq + i} mod 256); the next one's seq and IP id follow. */
    ByteBuf build(int payload) {
        options.clear();
        if (timestamps) {
            options.setTimestamps(tsVal, 77);
        }
        if (sackRight != sackLeft) {
            options.addSackBlock(sackLeft, sackRight);
        }
        ByteBuf data = Unpooled.buffer(payload);
        for (int i = 0; i < payload; i++) {
            data.writeByte(seq + i);
        }
        ByteBuf out = Unpooled.buffer();
        writer.setSeq(seq).setAck(ack).setFlags(flags).setWindow(window).setIpId(ipId).setOptions(options)
                .write(out, data, 0, payload);
        seq += payload;
        ipId++;
        return out;
    }

    /** Whether the packet's IP (v4) and TCP checksums verify. */
    static boolean checksumsOk(ByteBuf packet) {
        IpPacket ip = new IpPacket();
        if (ip.wrap(packet) != null) {
            return false;
        }
        boolean ipOk = ip.version() == 6 || Checksum.fold(Checksum.sum(packet, packet.readerIndex(), 20, 0)) == 0;
        return ipOk && Checksum.tcpChecksumOk(ip);
    }
}
