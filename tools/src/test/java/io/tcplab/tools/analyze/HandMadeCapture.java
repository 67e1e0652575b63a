package io.tcplab.tools.analyze;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A capture written by a test: packets built with the stack's {@link SegmentWriter} (a UDP
 * datagram by hand), behind the link header of the chosen link type, in the pcap file format at
 * nanosecond resolution (magic a1b23c4d: a 24-byte file header, then a 16-byte header per record).
 */
final class HandMadeCapture {
    static final int LINKTYPE_ETHERNET = 1;
    static final int LINKTYPE_RAW = 101;
    static final int LINKTYPE_LINUX_SLL2 = 276;

    private final int linkType;
    private final byte[] client;
    private final byte[] server;
    private final int clientPort;
    private final int serverPort;
    private final long startNanos;
    private final List<Long> times = new ArrayList<>();
    private final List<byte[]> frames = new ArrayList<>();

    HandMadeCapture(int linkType, byte[] client, int clientPort, byte[] server, int serverPort, long startNanos) {
        this.linkType = linkType;
        this.client = client;
        this.server = server;
        this.clientPort = clientPort;
        this.serverPort = serverPort;
        this.startNanos = startNanos;
    }

    /** A TCP segment at {@code ms} after the start; {@code options} sets its TCP options. */
    HandMadeCapture tcp(double ms, boolean fromClient, int flags, int seq, int ack, int window, int payload,
                        Consumer<TcpOptions> options) {
        TcpOptions o = new TcpOptions();
        options.accept(o);
        SegmentWriter w = new SegmentWriter()
                .setAddresses(fromClient ? client : server, fromClient ? server : client)
                .setPorts(fromClient ? clientPort : serverPort, fromClient ? serverPort : clientPort)
                .setSeq(seq).setAck(ack).setFlags(flags).setWindow(window).setOptions(o);
        ByteBuf out = Unpooled.buffer();
        w.write(out, payload == 0 ? null : Unpooled.wrappedBuffer(new byte[payload]), 0, payload);
        byte[] ip = new byte[out.readableBytes()];
        out.readBytes(ip);
        return frame(ms, ip);
    }

    /** An IPv4 UDP datagram with 4 bytes of payload (checksum 0: none), which the analysis skips. */
    HandMadeCapture udp(double ms) {
        byte[] ip = new byte[32];
        ip[0] = 0x45;
        ip[3] = 32;
        ip[8] = 64;
        ip[9] = 17;
        System.arraycopy(new byte[] {10, 0, 0, 9}, 0, ip, 12, 4);
        System.arraycopy(new byte[] {10, 0, 0, 10}, 0, ip, 16, 4);
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += (ip[i] & 0xff) << 8 | (ip[i + 1] & 0xff);
        }
        sum = (sum & 0xffff) + (sum >>> 16);
        int checksum = ~sum & 0xffff;
        ip[10] = (byte) (checksum >>> 8);
        ip[11] = (byte) checksum;
        ip[20] = 0x13;
        ip[22] = 0x13;
        ip[25] = 12;
        return frame(ms, ip);
    }

    private HandMadeCapture frame(double ms, byte[] ip) {
        times.add(startNanos + Math.round(ms * 1_000_000));
        frames.add(withLinkHeader(ip));
        return this;
    }

    private byte[] withLinkHeader(byte[] ip) {
        int ethertype = (ip[0] >>> 4) == 6 ? 0x86dd : 0x0800;
        ByteBuffer b;
        switch (linkType) {
            case LINKTYPE_RAW:
                return ip;
            case LINKTYPE_ETHERNET:
                b = ByteBuffer.allocate(14 + ip.length);
                b.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) ethertype);
                break;
            case LINKTYPE_LINUX_SLL2:
                b = ByteBuffer.allocate(20 + ip.length);
                b.putShort((short) ethertype).putShort((short) 0).putInt(3).putShort((short) 1).put((byte) 4)
                        .put((byte) 6).put(new byte[] {2, 0, 0, 0, 0, 1, 0, 0});
                break;
            default:
                throw new IllegalArgumentException("link type " + linkType);
        }
        return b.put(ip).array();
    }

    Path write(Path file) throws IOException {
        int size = 24;
        for (byte[] f : frames) {
            size += 16 + f.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xa1b23c4d).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(linkType);
        for (int i = 0; i < frames.size(); i++) {
            long t = times.get(i);
            byte[] f = frames.get(i);
            b.putInt((int) (t / 1_000_000_000L)).putInt((int) (t % 1_000_000_000L)).putInt(f.length).putInt(f.length).put(f);
        }
        return Files.write(file, b.array());
    }
}
