package io.tcplab.stack.script;

import static org.junit.jupiter.api.Assertions.fail;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.Listener;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives one {@link TcpStack} segment by segment on virtual time, playing the remote peer
 * (packetdrill's model, with smoltcp's send/recv/recv_nothing as the DSL): {@link #in} injects a
 * segment, {@link #expect} checks the next one the stack emitted, {@link #expectNothing} checks
 * that it emitted none, {@link #advanceTo} moves the clock and fires every timer due on the way.
 *
 * <p>Sequence numbers are relative: the stack's ISN is {@link #STACK_ISN} and the peer's
 * {@link #PEER_ISN}, both chosen close to 2^32 so every script also crosses the sequence wrap.
 * Times are in milliseconds from 0. Data the application writes is a fixed pattern
 * ({@link #appByte}) and every data segment the stack emits is checked against it; data the
 * peer sends is another pattern ({@link #peerByte}) and every read is checked against it.
 */
final class ScriptedPeer {
    static final byte[] LOCAL = {10, 0, 0, 1};
    static final byte[] REMOTE = {10, 0, 0, 2};
    /** The IPv6 pair, for {@link #ScriptedPeer(ConnectionOptions, boolean)}: 2001:db8::1 and 2001:db8::2. */
    static final byte[] LOCAL_V6 = java.util.HexFormat.of().parseHex("20010db8000000000000000000000001");
    static final byte[] REMOTE_V6 = java.util.HexFormat.of().parseHex("20010db8000000000000000000000002");
    static final int LOCAL_PORT = 8080;
    static final int REMOTE_PORT = 40000;
    /** 1296 bytes before the 32-bit wrap. */
    static final long STACK_ISN = 4_294_966_000L;
    /** 7296 bytes before the 32-bit wrap. */
    static final long PEER_ISN = 4_294_960_000L;
    /** The peer's TSval at t=0 (its clock ticks once a millisecond). */
    static final int PEER_TS0 = 700_000;
    private static final long MS = 1_000_000L;

    final ConnectionOptions options;
    final TcpStack stack;
    final RecordingHandler handler = new RecordingHandler();
    private final ArrayDeque<Seg> sent = new ArrayDeque<>();
    private final SegmentWriter writer = new SegmentWriter();
    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions parsed = new TcpOptions();
    private long now;
    private Connection connection;
    private Listener listener;
    private Integer tsBase;
    private int lastTsValRaw;
    private boolean ourSynHadTs;
    private boolean peerSynHadTs;
    private long appWritten;
    private long peerBytesRead;
    /** Our (the stack's) and the peer's addresses: {@link #LOCAL} and {@link #REMOTE}, or their IPv6 pair. */
    final byte[] local;
    final byte[] remote;
    /** Every packet the stack emitted, whole, in order: TCP segments and ICMP alike. */
    private final ArrayDeque<byte[]> rawSent = new ArrayDeque<>();
    private final ArrayDeque<byte[]> icmpSent = new ArrayDeque<>();
    private final java.util.Map<Seg, byte[]> packetOf = new java.util.IdentityHashMap<>();

    ScriptedPeer(ConnectionOptions options) {
        this(options, 128, false);
    }

    ScriptedPeer(ConnectionOptions options, boolean ipv6) {
        this(options, 128, ipv6);
    }

    ScriptedPeer(ConnectionOptions options, int backlog) {
        this(options, backlog, false);
    }

    /** With the stack's listener limits tuned (backlog, SYN queue, cookies). */
    ScriptedPeer(ConnectionOptions options, java.util.function.UnaryOperator<StackConfig.Builder> tune) {
        this(options, false, tune);
    }

    private ScriptedPeer(ConnectionOptions options, int backlog, boolean ipv6) {
        this(options, ipv6, b -> b.backlog(backlog).synQueue(backlog));
    }

    ScriptedPeer(ConnectionOptions options, boolean ipv6, java.util.function.UnaryOperator<StackConfig.Builder> tune) {
        this.options = options;
        this.local = ipv6 ? LOCAL_V6 : LOCAL;
        this.remote = ipv6 ? REMOTE_V6 : REMOTE;
        StackConfig config = tune.apply(StackConfig.builder(RandomSource.seeded(1)).address(local)
                .isnSource((t, la, lp, ra, rp) -> STACK_ISN).defaultOptions(options)).build();
        this.stack = new TcpStack(config, this::capture);
    }

    static ConnectionOptions.Builder options() {
        return ConnectionOptions.builder();
    }

    // ================================================================ standard peer SYNs

    /** A SYN from a peer that offers only MSS 1460. */
    static SegSpec plainSyn() {
        return SegSpec.seg("S").seq(0).win(65535).mss(1460);
    }

    /** A SYN from a peer that offers MSS 1460, SACK, timestamps and window scale 7, like Linux. */
    static SegSpec fullSyn() {
        return plainSyn().sackOk().ts(PEER_TS0, 0).wscale(7);
    }

    // ================================================================ opening

    Listener listen() {
        listener = stack.listen(LOCAL_PORT, options, null);
        return listener;
    }

    Connection connect() {
        connection = stack.connect(now, local, LOCAL_PORT, remote, REMOTE_PORT, options, handler);
        return connection;
    }

    /**
     * Starts over with a new connection on the same stack (and the same four-tuple, which the
     * last connection must have left): the streams, timestamps and the peer's MSS are forgotten,
     * what the stack keeps across connections (its Fast Open cookies) is not.
     */
    Connection reconnect() {
        return reconnect(options);
    }

    /** {@link #reconnect()} with other options for the new connection. */
    Connection reconnect(ConnectionOptions with) {
        connection = null;
        tsBase = null;
        ourSynHadTs = false;
        peerSynHadTs = false;
        appWritten = 0;
        peerBytesRead = 0;
        peerMss = 0;
        connection = stack.connect(now, local, LOCAL_PORT, remote, REMOTE_PORT, with, handler);
        return connection;
    }

    /** Takes the next completed connection from the listener and records its events. */
    Connection accept() {
        Connection c = listener.accept();
        if (c == null) {
            fail("Listener.accept() returned null at " + nowText());
        }
        c.setHandler(handler);
        connection = c;
        return c;
    }

    /** Passive open: listen, take {@code syn}, check the SYN-ACK, send the final ACK and accept. */
    Seg acceptFrom(SegSpec syn) {
        return acceptFrom(syn, 0);
    }

    /** The same, the handshake's ACK arriving {@code rttMillis} after the SYN-ACK (the first RTT sample). */
    Seg acceptFrom(SegSpec syn, long rttMillis) {
        listen();
        in(syn);
        Seg synAck = expect(SegSpec.seg("S.").seq(0).ack(1));
        advanceBy(rttMillis);
        in(SegSpec.seg(".").seq(1).ack(1).win(syn.window == null ? 65535 : syn.window));
        accept();
        return synAck;
    }

    /** Active open: connect, check the SYN, answer with {@code synAck} and check the ACK. */
    Seg connectWith(SegSpec synAck) {
        connect();
        Seg syn = expect(SegSpec.seg("S").seq(0));
        in(synAck);
        expect(SegSpec.seg(".").seq(1).ack(1).len(0));
        return syn;
    }

    // ================================================================ the peer's side of the wire

    /** Injects one segment from the peer at the current time. */
    void in(SegSpec spec) {
        inRaw(packet(spec));
    }

    /** Injects raw bytes as one IP packet (for malformed input). */
    void inRaw(ByteBuf packet) {
        stack.receive(now, packet);
        findConnection();
    }

    /** The packet {@link #in} would inject for {@code spec}, for a test to damage first. */
    ByteBuf packet(SegSpec spec) {
        int flags = spec.flags;
        if (spec.seq == null && spec.rawSeq == null) {
            throw new IllegalArgumentException("an inbound segment needs seq: " + spec);
        }
        if ((flags & TcpHeader.ACK) != 0 && spec.ack == null && spec.rawAck == null) {
            throw new IllegalArgumentException("an inbound ACK needs ack: " + spec);
        }
        int seq = spec.rawSeq != null ? spec.rawSeq : (int) (PEER_ISN + spec.seq);
        int ack = spec.rawAck != null ? spec.rawAck : spec.ack != null ? (int) (STACK_ISN + spec.ack) : 0;
        if ((flags & TcpHeader.SYN) != 0 && spec.hasTs == Boolean.TRUE) {
            peerSynHadTs = true;
        }
        TcpOptions o = new TcpOptions();
        if (spec.mss != null && spec.mss >= 0) {
            o.setMss(spec.mss);
            if ((flags & TcpHeader.SYN) != 0) {
                peerMss = spec.mss;
            }
        }
        if (spec.wscale != null && spec.wscale >= 0) {
            o.setWindowScale(spec.wscale);
        }
        if (spec.sackOk == Boolean.TRUE) {
            o.setSackPermitted(true);
        }
        if (spec.hasTs == Boolean.TRUE) {
            int ecr = spec.tsEcr == null ? lastTsValRaw : spec.tsEcr == 0 || tsBase == null ? spec.tsEcr
                    : tsBase + spec.tsEcr;
            o.setTimestamps(spec.tsVal == null ? peerTsNow() : spec.tsVal, ecr);
        } else if (spec.hasTs == null && timestampsAgreed()) {
            o.setTimestamps(peerTsNow(), lastTsValRaw);
        }
        if (spec.exactCeEcho == Boolean.TRUE) {
            o.setExactCeEcho(true);
        }
        if (spec.accEcnKind != 0) {
            long[] f = java.util.Arrays.copyOf(spec.accEcnFields, 3);
            boolean order0 = spec.accEcnKind == TcpOptions.KIND_ACCECN0;
            o.setAccEcn(spec.accEcnKind, spec.accEcnFields.length, order0 ? f[0] : f[2], f[1], order0 ? f[2] : f[0]);
        }
        if (spec.fastOpen != null && !spec.fastOpen.equals("none")) {
            String[] w = spec.fastOpen.split(" ");
            byte[] cookie = w.length > 1 ? java.util.HexFormat.of().parseHex(w[1]) : new byte[0];
            o.setFastOpen(cookie, 0, cookie.length, w[0].equals("FOEXP"));
        }
        if (spec.sackBlocks != null) {
            for (int[] b : spec.sackBlocks) {
                o.addSackBlock((int) (STACK_ISN + b[0]), (int) (STACK_ISN + b[1]));
            }
        }
        byte[] payload = spec.data;
        if (payload == null) {
            payload = new byte[spec.len == null ? 0 : spec.len];
            long start = spec.seq == null ? 0 : spec.seq - 1 + ((flags & TcpHeader.SYN) != 0 ? 1 : 0); // a SYN's data follows it
            for (int i = 0; i < payload.length; i++) {
                payload[i] = peerByte(start + i);
            }
        }
        peerPorts.add(spec.srcPort == null ? REMOTE_PORT : spec.srcPort);
        writer.setAddresses(remote, local).setPorts(spec.srcPort == null ? REMOTE_PORT : spec.srcPort, LOCAL_PORT).setSeq(seq).setAck(ack)
                .setFlags(flags).setWindow(spec.window == null ? 65535 : spec.window)
                .setEcn(spec.ecn == null ? 0 : spec.ecn).setOptions(o);
        ByteBuf out = Unpooled.buffer();
        writer.write(out, Unpooled.wrappedBuffer(payload), 0, payload.length);
        return out;
    }

    private int peerTsNow() {
        return PEER_TS0 + (int) (now / MS);
    }

    private boolean timestampsAgreed() {
        return ourSynHadTs && peerSynHadTs;
    }

    /** Byte {@code index} (from 0) of the peer's data stream. */
    static byte peerByte(long index) {
        return (byte) (index % 251);
    }

    /** Byte {@code index} (from 0) of the data the application writes. */
    static byte appByte(long index) {
        return (byte) ((index * 7 + 3) % 253);
    }

    // ================================================================ the stack's side of the wire

    /** The peer's ports: {@link #REMOTE_PORT} and any a segment came from ({@link SegSpec#fromPort}). */
    private final java.util.Set<Integer> peerPorts = new java.util.HashSet<>(List.of(REMOTE_PORT));

    /** The MSS option of the peer's SYN, or 0 when it had none: every later segment must fit it. */
    private int peerMss;

    private void capture(ByteBuf packet) {
        byte[] whole = new byte[packet.readableBytes()];
        packet.getBytes(packet.readerIndex(), whole);
        rawSent.add(whole);
        if (ip.wrap(packet) == DropReason.NOT_TCP && ip.protocol() == (ip.version() == 4 ? 1 : 58)) {
            icmpSent.add(whole);
            return;
        }
        if (ip.wrap(packet) != null || tcp.wrap(ip) != null) {
            fail("the stack emitted a packet it would not accept itself: ip " + ip.wrap(packet) + ", tcp "
                    + tcp.wrap(ip));
        }
        if (!ip.srcEquals(local) || !ip.dstEquals(remote) || tcp.srcPort() != LOCAL_PORT
                || !peerPorts.contains(tcp.dstPort())) {
            fail("the stack emitted a packet for another four-tuple (ports " + tcp.srcPort() + "->" + tcp.dstPort()
                    + ")");
        }
        if (parsed.parse(ip.buffer(), tcp.optionsOffset(), tcp.optionsLength()) != null) {
            fail("the stack emitted malformed options");
        }
        // RFC 9293 §3.7.1: data and options together stay within the MSS the peer announced
        if (peerMss > 0 && !tcp.has(TcpHeader.SYN) && tcp.payloadLength() + tcp.optionsLength() > peerMss) {
            fail("the stack sent " + tcp.payloadLength() + " data and " + tcp.optionsLength()
                    + " option bytes, more than the peer's MSS " + peerMss + " (RFC 9293 3.7.1)");
        }
        if (parsed.hasTimestamps()) {
            if (tsBase == null) {
                tsBase = parsed.tsVal() - (int) (now / options.timestampTickNanos);
            }
            lastTsValRaw = parsed.tsVal();
            if (tcp.has(TcpHeader.SYN)) {
                ourSynHadTs = true;
            }
        }
        List<int[]> sack = new ArrayList<>();
        for (int i = 0; i < parsed.sackBlockCount(); i++) {
            sack.add(new int[] {parsed.sackLeft(i) - (int) PEER_ISN, parsed.sackRight(i) - (int) PEER_ISN});
        }
        byte[] payload = new byte[tcp.payloadLength()];
        ip.buffer().getBytes(tcp.payloadOffset(), payload);
        Seg seg = new Seg(now, tcp.flags(), tcp.seq() - (int) STACK_ISN, tcp.ack() - (int) PEER_ISN, tcp.seq(),
                tcp.ack(), tcp.window(), parsed.mss(), parsed.windowScale(), parsed.sackPermitted(),
                parsed.hasTimestamps(), parsed.hasTimestamps() ? parsed.tsVal() - tsBase : 0, parsed.tsEcr(),
                parsed.exactCeEcho(), List.copyOf(sack), payload, ip.ecn(), Seg.describeAccEcn(parsed),
                Seg.describeFastOpen(parsed));
        packetOf.put(seg, whole);
        sent.add(seg);
    }

    /** The last packet the stack emitted, whole (IP header first), e.g. to quote in an ICMP error. */
    byte[] lastPacketBytes() {
        if (rawSent.isEmpty()) {
            fail("the stack has sent nothing yet");
        }
        return rawSent.peekLast().clone();
    }

    /** The packet that carried {@code seg}, whole. */
    byte[] packetBytes(Seg seg) {
        return packetOf.get(seg).clone();
    }

    /** The next ICMP packet the stack emitted, whole; TCP segments are checked with {@link #expect}. */
    byte[] expectIcmp() {
        byte[] p = icmpSent.poll();
        if (p == null) {
            fail("expected an ICMP packet but the stack sent none (now " + nowText() + ")");
        }
        return p;
    }

    void expectNoIcmp() {
        if (!icmpSent.isEmpty()) {
            fail("expected no ICMP packet, but the stack sent " + icmpSent.size());
        }
    }

    /** The next segment the stack emitted, checked against {@code spec} (given fields only). */
    Seg expect(SegSpec spec) {
        Seg s = sent.poll();
        if (s == null) {
            fail("expected " + spec + " but the stack sent nothing (now " + nowText() + ")");
        }
        List<String> bad = spec.mismatches(s);
        if (!bad.isEmpty()) {
            fail("expected " + spec + "\n     got " + s + "\n  " + String.join("\n  ", bad) + queued());
        }
        checkAppData(s);
        return s;
    }

    /** The next segment, whatever it is (for tests that inspect it themselves). */
    Seg next() {
        Seg s = sent.poll();
        if (s == null) {
            fail("expected a segment but the stack sent nothing (now " + nowText() + ")");
        }
        return s;
    }

    /** Every segment emitted and not yet checked, in order (for tests that count flags across a burst). */
    List<Seg> drain() {
        List<Seg> all = new ArrayList<>(sent);
        sent.clear();
        return all;
    }

    void expectNothing() {
        if (!sent.isEmpty()) {
            fail("expected no segment, but the stack sent:" + queued());
        }
    }

    private String queued() {
        StringBuilder s = new StringBuilder();
        for (Seg q : sent) {
            s.append("\n    ").append(q);
        }
        return s.length() == 0 ? "" : "\n  still queued:" + s;
    }

    private void checkAppData(Seg s) {
        long start = s.seq() - 1L + (s.has(TcpHeader.SYN) ? 1 : 0); // a SYN's data follows it
        if (s.len() > 0 && (start < 0 || start + s.len() > appWritten)) {
            fail("segment carries bytes " + start + ".." + (start + s.len()) + " of the stream, but the application"
                    + " wrote only " + appWritten + ": " + s);
        }
        for (int i = 0; i < s.len(); i++) {
            if (s.payload()[i] != appByte(start + i)) {
                fail("segment carries wrong data at stream offset " + (start + i) + ": " + s);
            }
        }
    }

    // ================================================================ time

    void advanceTo(long ms) {
        advanceToNanos(ms * MS);
    }

    void advanceBy(long ms) {
        advanceToNanos(now + ms * MS);
    }

    /** Fires every timer due up to {@code t}, at its own deadline, and then sets the clock to t. */
    void advanceToNanos(long t) {
        if (t < now) {
            throw new IllegalArgumentException("time runs forwards: now " + now + " ns, asked for " + t);
        }
        for (int guard = 0; stack.nextDeadline() <= t; guard++) {
            if (guard > 100_000) {
                fail("the stack keeps asking to be polled at " + stack.nextDeadline() + " ns");
            }
            now = Math.max(now, stack.nextDeadline());
            stack.poll(now);
        }
        now = t;
    }

    long nowNanos() {
        return now;
    }

    private String nowText() {
        return String.format("%.3fms", now / 1e6);
    }

    // ================================================================ the application

    /** Writes {@code n} more bytes of the application's pattern; returns how many were taken. */
    int write(int n) {
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            data[i] = appByte(appWritten + i);
        }
        int taken = connection().write(now, data, 0, n);
        appWritten += taken;
        return taken;
    }

    /** Reads up to {@code max} bytes and checks them against the peer's pattern; -1 at EOF. */
    int read(int max) {
        byte[] data = new byte[max];
        int n = connection().read(now, data, 0, max);
        for (int i = 0; i < n; i++) {
            if (data[i] != peerByte(peerBytesRead + i)) {
                fail("read wrong data at stream offset " + (peerBytesRead + i));
            }
        }
        peerBytesRead += Math.max(0, n);
        return n;
    }

    void close() {
        connection().close(now);
    }

    void shutdownOutput() {
        connection().shutdownOutput(now);
    }

    void abort() {
        connection().abort(now);
    }

    // ================================================================ state

    /** The connection under test: the one made by connect or accept, else the only one the stack has. */
    Connection connection() {
        findConnection();
        if (connection == null) {
            fail("the stack has no connection (it has " + stack.connections().size() + ")");
        }
        return connection;
    }

    /** How many connections the stack holds, in any state. */
    int stackConnections() {
        return stack.connections().size();
    }

    private void findConnection() {
        if (connection == null && stack.connections().size() == 1) {
            connection = stack.connections().iterator().next();
        }
    }

    TcpState state() {
        return connection().state();
    }

    void assertState(TcpState expected) {
        TcpState actual = state();
        if (actual != expected) {
            fail("expected state " + expected + " but the connection is " + actual + " at " + nowText());
        }
    }

    /** The application was told the connection closed, with this error (null: orderly). */
    void assertClosed(ConnectionError expected) {
        if (handler.closed != 1) {
            fail("expected the application to be told once of the close, but it was told " + handler.closed
                    + " times; state " + state());
        }
        if (handler.error != expected) {
            fail("expected close error " + expected + " but got " + handler.error);
        }
        assertState(TcpState.CLOSED);
        if (stack.connections().contains(connection)) {
            fail("a CLOSED connection is still in the stack's table");
        }
    }

    long drops(DropReason reason) {
        return stack.stats().drops(reason);
    }
}
