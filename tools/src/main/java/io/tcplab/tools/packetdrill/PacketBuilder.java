package io.tcplab.tools.packetdrill;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;

/**
 * Builds the IP packet for an inbound script line: live sequence numbers from the
 * {@link SequenceMap}, options byte for byte as written (nops included), zero-filled payload.
 */
final class PacketBuilder {
    private static final int DEFAULT_WINDOW = 65535;
    private final SequenceMap map;
    private final SegmentWriter writer = new SegmentWriter();

    PacketBuilder(SequenceMap map) {
        this.map = map;
    }

    ByteBuf build(PacketSpec spec, byte[] src, byte[] dst, int srcPort, int dstPort) {
        int flags = spec.flagBits();
        // an ACK without a written ack number is relative 0, remapped like any other (run_packet.c)
        long ack = map.localSeqToWire(spec.ack() == null ? 0 : spec.ack());
        writer.setAddresses(src, dst).setPorts(srcPort, dstPort)
                .setSeq((int) ((flags & TcpHeader.SYN) != 0 ? map.remoteSyn(spec.start()) : map.remoteSeqToWire(spec.start())))
                .setAck((flags & TcpHeader.ACK) != 0 || spec.ack() != null ? (int) ack : 0)
                .setFlags(flags).setWindow(spec.window() == null ? DEFAULT_WINDOW : spec.window())
                .setEcn(PacketMatcher.ecnCodepoint(spec.ecnMark())).setOptions(null);
        byte[] options = encodeOptions(spec);
        // The writer has no raw-options door, so write the header without options and splice them in.
        ByteBuf payload = Unpooled.wrappedBuffer(new byte[options.length + spec.length()]);
        payload.setBytes(0, options);
        ByteBuf out = Unpooled.buffer();
        writer.write(out, payload, 0, payload.capacity());
        return withOptions(out, src.length == 4 ? 20 : 40, options.length);
    }

    /** Moves the first {@code optionsLength} payload bytes into the header and fixes the lengths. */
    private static ByteBuf withOptions(ByteBuf packet, int ipHeader, int optionsLength) {
        if (optionsLength == 0) {
            return packet;
        }
        int tcp = ipHeader;
        // the data offset, keeping the low bits of the byte: the AE flag (RFC 9768) is its last
        packet.setByte(tcp + 12, ((20 + optionsLength) / 4) << 4 | packet.getByte(tcp + 12) & 0x0f);
        return Checksums.refresh(packet, ipHeader);
    }

    private byte[] encodeOptions(PacketSpec spec) {
        if (spec.options() == null || spec.anyOptions()) {
            return new byte[0];
        }
        ByteBuf b = Unpooled.buffer();
        for (OptionSpec o : spec.options()) {
            if (o instanceof OptionSpec.Nop) {
                b.writeByte(1);
            } else if (o instanceof OptionSpec.Eol) {
                b.writeByte(0);
            } else if (o instanceof OptionSpec.Mss m) {
                b.writeByte(2).writeByte(4).writeShort(m.value());
            } else if (o instanceof OptionSpec.WScale w) {
                b.writeByte(3).writeByte(3).writeByte(w.shift());
            } else if (o instanceof OptionSpec.SackOk) {
                b.writeByte(4).writeByte(2);
            } else if (o instanceof OptionSpec.Timestamp t) {
                b.writeByte(8).writeByte(10).writeInt((int) t.val()).writeInt((int) map.localTsToWire(t.ecr()));
            } else if (o instanceof OptionSpec.Sack s) {
                b.writeByte(5).writeByte(2 + 8 * s.blocks().size());
                for (long[] block : s.blocks()) {
                    b.writeInt((int) map.localSeqToWire(block[0])).writeInt((int) map.localSeqToWire(block[1]));
                }
            } else if (o instanceof OptionSpec.FastOpen f) {
                byte[] cookie = java.util.HexFormat.of().parseHex(f.cookie()); // as written, even of a length RFC 7413 forbids
                b.writeByte(f.experimental() ? 254 : 34).writeByte((f.experimental() ? 4 : 2) + cookie.length);
                if (f.experimental()) {
                    b.writeShort(0xF989); // Linux TCPOPT_FASTOPEN_MAGIC
                }
                b.writeBytes(cookie);
            } else if (o instanceof OptionSpec.AccEcn a) {
                b.writeByte(a.kind()).writeByte(2 + 3 * a.fields().size());
                for (long field : a.fields()) {
                    b.writeMedium((int) field); // RFC 9768 §3.2.3: 24-bit fields, big-endian
                }
            } else {
                throw new IllegalArgumentException("cannot send option " + o);
            }
        }
        while (b.readableBytes() % 4 != 0) {
            b.writeByte(0); // packetdrill pads with EOL
        }
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }
}
