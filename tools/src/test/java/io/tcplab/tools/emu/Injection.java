package io.tcplab.tools.emu;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * One fuzzed segment for {@link FuzzedTransfer}, drawn from the input before the run and made into
 * a packet only when it is injected, so that its sequence and acknowledgment numbers can be aimed
 * relative to the live connection: toward the receiver or the sender, on the real four-tuple or
 * another one, with fuzzed flags, offsets from RCV.NXT, window, length and options.
 */
record Injection(long delayNanos, boolean towardReceiver, boolean realTuple, int otherPort, int flags, int seqDelta,
                 int ackDelta, int window, int length, int optionKind, int a, int b) {
    private static final int FLAGS = TcpHeader.SYN | TcpHeader.FIN | TcpHeader.RST | TcpHeader.PSH | TcpHeader.ACK
            | TcpHeader.URG | TcpHeader.ECE | TcpHeader.CWR;

    static Injection from(FuzzedDataProvider in, int window) {
        return new Injection(in.consumeLong(0, 20_000_000L), in.consumeBoolean(), in.consumeInt(0, 3) != 0,
                in.consumeInt(1, 65535), in.consumeInt() & FLAGS, near(in, window), near(in, window),
                in.consumeInt(0, 65535), in.consumeInt(0, 1448), in.consumeInt(0, 4), in.consumeInt(), in.consumeInt());
    }

    /** Mostly RCV.NXT itself or within a few windows of it; now and then anything. */
    private static int near(FuzzedDataProvider in, int window) {
        return switch (in.consumeInt(0, 3)) {
            case 0 -> 0;
            case 1 -> in.consumeInt();
            default -> in.consumeInt(-3 * window, 3 * window);
        };
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /**
     * Options: none, MSS and window scale, SACK-permitted (with the exact-CE-echo option half the
     * time: both are SYN options), a SACK block, or timestamps (other tuples only). SACK blocks lie above {@code seqBase}, or below it with {@code below} (toward the sender,
     * {@code seqBase} is the receiver's RCV.NXT: a forged SACK of data never received would be honoured).
     */
    TcpOptions options(int seqBase, boolean below) {
        TcpOptions o = new TcpOptions();
        switch (optionKind) {
            case 1 -> {
                o.setMss(a & 0xffff);
                o.setWindowScale((b & 15) % 15);
            }
            case 2 -> {
                o.setSackPermitted(true);
                o.setExactCeEcho((a & 1) != 0); // a is otherwise unused here: the existing inputs keep their meaning
            }
            case 3 -> {
                int left = below ? seqBase - (a & 0x3ffff) - (b & 0x3ffff) : seqBase + (a & 0x3ffff);
                o.addSackBlock(left, left + (b & 0x3ffff));
            }
            case 4 -> {
                if (!realTuple) { // a forged TSval in the window would poison TS.Recent (RFC 7323 §5.3)
                    o.setTimestamps(a, b);
                }
            }
            default -> {
            }
        }
        return o;
    }

    /** The IPv4 packet: {@code payload} bytes (possibly fewer than {@link #length}) from the segment's source. */
    static ByteBuf packet(byte[] src, int srcPort, byte[] dst, int dstPort, int flags, int seq, int ack, int window,
                          TcpOptions options, byte[] payload) {
        SegmentWriter w = new SegmentWriter().setAddresses(src, dst).setPorts(srcPort, dstPort).setFlags(flags)
                .setSeq(seq).setAck(ack).setWindow(window).setOptions(options);
        ByteBuf out = Unpooled.buffer(w.packetLength(payload.length));
        w.write(out, payload.length == 0 ? null : Unpooled.wrappedBuffer(payload), 0, payload.length);
        return out;
    }
}
