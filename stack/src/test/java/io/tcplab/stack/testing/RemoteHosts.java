package io.tcplab.stack.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import java.util.HashMap;
import java.util.Map;

/**
 * Many remote endpoints at once, played by hand against one stack: each is a source port that
 * sends SYNs, ACKs and data built with {@link SegmentWriter}, and remembers the last segment the
 * stack sent it. Cheaper than a second stack when a test needs thousands of peers.
 */
public final class RemoteHosts implements PacketSink {
    public static final byte[] STACK_ADDRESS = {10, 0, 0, 1};
    public static final byte[] PEER_ADDRESS = {10, 0, 0, 2};
    public static final int PEER_ISN = 7_000_000;

    /** The last segment the stack sent to one remote port. */
    public static final class Seen {
        public int flags;
        public long seq;
        public long ack;
        public int window;
        public int payload;
        public int tsVal;
        public boolean timestamps;
        public int windowScale;
        public boolean sackPermitted;
        public int mss;
        public int count;
    }

    public final TcpOptions options = new TcpOptions();
    private final SegmentWriter writer = new SegmentWriter().setAddresses(PEER_ADDRESS, STACK_ADDRESS);
    private final ByteBuf out = Unpooled.buffer(2048);
    private final ByteBuf payload = Unpooled.buffer(2048).writeZero(2048);
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions parsed = new TcpOptions();
    private final Map<Integer, Seen> seen = new HashMap<>();
    public long emitted;
    public TcpStack stack;

    /** What the stack last sent to this remote port, or null. */
    public Seen seen(int remotePort) {
        return seen.get(remotePort);
    }

    public void forget(int remotePort) {
        seen.remove(remotePort);
    }

    /** Sends one segment from {@code remotePort} to the stack's {@code port}. */
    public void send(long now, int remotePort, int port, int flags, long seq, long ack, int window, int length) {
        out.clear();
        writer.setPorts(remotePort, port).setSeq((int) seq).setAck((int) ack).setFlags(flags).setWindow(window)
                .setOptions(options);
        writer.write(out, payload, 0, length);
        stack.receive(now, out);
    }

    /** A SYN (with MSS, SACK-permitted and window scale), then the ACK of the SYN-ACK; true when it was answered. */
    public boolean open(long now, int remotePort, int port) {
        options.clear();
        options.setMss(1460);
        options.setSackPermitted(true);
        options.setWindowScale(7);
        send(now, remotePort, port, TcpHeader.SYN, PEER_ISN, 0, 65535, 0);
        options.clear();
        Seen s = seen(remotePort);
        if (s == null || s.flags != (TcpHeader.SYN | TcpHeader.ACK)) {
            return false;
        }
        send(now, remotePort, port, TcpHeader.ACK, PEER_ISN + 1L, s.seq + 1, 65535, 0);
        return true;
    }

    @Override
    public void send(ByteBuf packet) {
        emitted++;
        if (ip.wrap(packet) != null || tcp.wrap(ip) != null) {
            return;
        }
        parsed.parse(packet, tcp.optionsOffset(), tcp.optionsLength());
        Seen s = seen.computeIfAbsent(tcp.dstPort(), p -> new Seen());
        s.flags = tcp.flags();
        s.seq = tcp.seq() & 0xFFFFFFFFL;
        s.ack = tcp.ack() & 0xFFFFFFFFL;
        s.window = tcp.window();
        s.payload = tcp.payloadLength();
        s.tsVal = parsed.hasTimestamps() ? parsed.tsVal() : 0;
        s.timestamps = parsed.hasTimestamps();
        s.windowScale = parsed.windowScale();
        s.sackPermitted = parsed.sackPermitted();
        s.mss = parsed.mss();
        s.count++;
    }
}
