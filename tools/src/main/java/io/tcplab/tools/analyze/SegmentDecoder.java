package io.tcplab.tools.analyze;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Decodes the IP and TCP headers of a captured frame with the stack's own codecs. Captures are
 * taken as they are: a snap length may have cut the payload (the lengths come from the IP
 * header), and checksums are not checked (a sender's capture of offloaded checksums has them
 * wrong). A malformed options area leaves the segment without options.
 */
final class SegmentDecoder {
    /** What became of a frame. */
    enum Outcome { TCP, NOT_TCP, MALFORMED }

    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions options = new TcpOptions();
    private Outcome outcome;

    SegmentDecoder() {
        ip.setVirtualPayload(true); // lengths from the header, bytes maybe cut by the snap length; no IP checksum
        tcp.setVerifyChecksum(false);
    }

    /** The segment of {@code frame}, or null; {@link #outcome()} says why not. */
    Segment decode(CaptureReader.Frame frame) {
        if (frame.ipOffset() < 0 || frame.ipOffset() >= frame.data().length) {
            outcome = Outcome.NOT_TCP;
            return null;
        }
        ByteBuf buf = Unpooled.wrappedBuffer(frame.data(), frame.ipOffset(), frame.data().length - frame.ipOffset());
        DropReason bad = ip.wrap(buf);
        if (bad == DropReason.NOT_TCP || bad == DropReason.IP_FRAGMENT || bad == DropReason.BAD_IP_VERSION) {
            outcome = Outcome.NOT_TCP;
            return null;
        }
        // the TCP header itself must have been captured whole; only the payload may be cut
        if (bad != null || ip.transportOffset() + 20 > buf.writerIndex() || tcp.wrap(ip) != null
                || tcp.payloadOffset() > buf.writerIndex()) {
            outcome = Outcome.MALFORMED;
            return null;
        }
        boolean optionsOk = options.parse(tcp) == null;
        int[] sack = new int[optionsOk ? 2 * options.sackBlockCount() : 0];
        for (int i = 0; i < sack.length / 2; i++) {
            sack[2 * i] = options.sackLeft(i);
            sack[2 * i + 1] = options.sackRight(i);
        }
        outcome = Outcome.TCP;
        return new Segment(frame.number(), frame.timeNanos(), address(ip, true), tcp.srcPort(), address(ip, false),
                tcp.dstPort(), tcp.seq(), tcp.ack(), tcp.flags(), tcp.window(), tcp.payloadLength(),
                optionsOk ? options.windowScale() : -1, optionsOk && options.hasTimestamps(),
                optionsOk ? options.tsVal() : 0, optionsOk ? options.tsEcr() : 0, sack);
    }

    Outcome outcome() {
        return outcome;
    }

    private static String address(IpPacket ip, boolean source) {
        byte[] a = new byte[ip.addressLength()];
        if (source) {
            ip.copySrc(a);
        } else {
            ip.copyDst(a);
        }
        try {
            return InetAddress.getByAddress(a).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // 4 or 16 bytes: cannot happen
        }
    }
}
