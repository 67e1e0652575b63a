package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Raw IPv4/IPv6 packets whose payload starts with a sequence number; nothing from the stack. */
public final class TestPackets {
    public static final int NOT_ECT = 0;
    public static final int ECT0 = 2;
    public static final int CE = 3;
    private static final int EXPERIMENTAL_PROTOCOL = 253;

    private TestPackets() {
    }

    public static ByteBuf ipv4(byte[] src, byte[] dst, int seq, int size, int ecn) {
        ByteBuf p = Unpooled.buffer(size);
        p.writeByte(0x45).writeByte(ecn).writeShort(size).writeInt(0)
                .writeByte(64).writeByte(EXPERIMENTAL_PROTOCOL).writeShort(0)
                .writeBytes(src).writeBytes(dst).writeInt(seq);
        p.writeZero(size - p.writerIndex());
        p.setShort(10, ipv4HeaderSum(p) ^ 0xffff);
        return p;
    }

    public static ByteBuf ipv6(byte[] src, byte[] dst, int seq, int size, int ecn) {
        ByteBuf p = Unpooled.buffer(size);
        p.writeInt(0x6000_0000 | ecn << 20).writeShort(size - 40).writeByte(EXPERIMENTAL_PROTOCOL).writeByte(64)
                .writeBytes(src).writeBytes(dst).writeInt(seq);
        p.writeZero(size - p.writerIndex());
        return p;
    }

    /** An IPv4 TCP segment of {@code size} bytes from 10.0.0.1 to 10.0.0.2 with these TCP flags (header byte 13). */
    public static ByteBuf tcpv4(int flags, int size, int ecn) {
        return tcpv4(flags, size, ecn, 20);
    }

    /** The same with a TCP header (options included, zero-filled) of {@code tcpHeader} bytes. */
    public static ByteBuf tcpv4(int flags, int size, int ecn, int tcpHeader) {
        ByteBuf p = Unpooled.buffer(size);
        p.writeByte(0x45).writeByte(ecn).writeShort(size).writeInt(0).writeByte(64).writeByte(6).writeShort(0)
                .writeBytes(new byte[] {10, 0, 0, 1}).writeBytes(new byte[] {10, 0, 0, 2});
        p.writeShort(40000).writeShort(5201).writeInt(1).writeInt(1).writeByte(tcpHeader / 4 << 4).writeByte(flags)
                .writeShort(65535).writeShort(0).writeShort(0);
        p.writeZero(size - p.writerIndex());
        p.setShort(10, ipv4HeaderSum(p) ^ 0xffff);
        return p;
    }

    /** A packet from 10.0.0.1 to 10.0.0.2. */
    public static ByteBuf ipv4(int seq, int size) {
        return ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, seq, size, NOT_ECT);
    }

    public static int seq(ByteBuf p) {
        int version = p.getUnsignedByte(p.readerIndex()) >> 4;
        return p.getInt(p.readerIndex() + (version == 4 ? 20 : 40));
    }

    public static int ecn(ByteBuf p) {
        int version = p.getUnsignedByte(p.readerIndex()) >> 4;
        return version == 4 ? p.getUnsignedByte(1) & 3 : (p.getUnsignedByte(1) >> 4) & 3;
    }

    public static boolean ipv4ChecksumValid(ByteBuf p) {
        return ipv4HeaderSum(p) == 0xffff;
    }

    private static int ipv4HeaderSum(ByteBuf p) {
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += p.getUnsignedShort(i);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return sum;
    }
}
