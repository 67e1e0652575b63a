package io.tcplab.stack.wire;

import static io.tcplab.stack.wire.TcpHeader.ACK;
import static io.tcplab.stack.wire.TcpHeader.CWR;
import static io.tcplab.stack.wire.TcpHeader.ECE;
import static io.tcplab.stack.wire.TcpHeader.FIN;
import static io.tcplab.stack.wire.TcpHeader.PSH;
import static io.tcplab.stack.wire.TcpHeader.RST;
import static io.tcplab.stack.wire.TcpHeader.SYN;
import static io.tcplab.stack.wire.TcpHeader.URG;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/** Everything a {@link SegmentWriter} needs for one random, legal segment. */
record SegmentSpec(IpFields ip, TcpFields tcp, TcpOptions options, byte[] payload, int split) {

    record IpFields(byte[] src, byte[] dst, int ecn, int ttl, int ipId) {
        boolean v4() {
            return src.length == 4;
        }
    }

    record TcpFields(int srcPort, int dstPort, int seq, int ack, int flags, int window) {}

    /** Writes at out's writerIndex, the payload in two pieces split at {@link #split}. */
    int writeTo(SegmentWriter writer, ByteBuf out) {
        writer.setAddresses(ip.src, ip.dst).setEcn(ip.ecn).setTtl(ip.ttl).setIpId(ip.ipId)
                .setPorts(tcp.srcPort, tcp.dstPort).setSeq(tcp.seq).setAck(tcp.ack)
                .setFlags(tcp.flags).setWindow(tcp.window).setOptions(options);
        ByteBuf data = Unpooled.wrappedBuffer(payload);
        return writer.write(out, data, 0, split, data, split, payload.length - split);
    }

    /** The packet alone in a buffer whose capacity is exactly its length. */
    ByteBuf packet() {
        ByteBuf out = Unpooled.buffer();
        writeTo(new SegmentWriter(), out);
        return Unpooled.copiedBuffer(out);
    }

    static Arbitrary<SegmentSpec> arbitrary() {
        Arbitrary<byte[]> payloads = Arbitraries.bytes().array(byte[].class).ofMaxSize(1460);
        return Combinators.combine(ipFields(), tcpFields(), optionsArbitrary(), payloads, Arbitraries.integers().between(0, 1460))
                .as((ip, tcp, options, payload, split) ->
                        new SegmentSpec(ip, tcp, options, payload, Math.min(split, payload.length)));
    }

    private static Arbitrary<IpFields> ipFields() {
        Arbitrary<Tuple2<byte[], byte[]>> addresses = Arbitraries.of(4, 16).flatMap(n -> {
            Arbitrary<byte[]> address = Arbitraries.bytes().array(byte[].class).ofSize(n);
            return Combinators.combine(address, address).as(Tuple::of);
        });
        return Combinators.combine(addresses, Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(0, 255), Arbitraries.integers().between(0, 0xffff))
                .as((a, ecn, ttl, id) -> new IpFields(a.get1(), a.get2(), ecn, ttl, id));
    }

    /** Legal by construction: one of the handshake/data/reset bases plus any modifier bits. */
    private static Arbitrary<TcpFields> tcpFields() {
        Arbitrary<Integer> bases = Arbitraries.of(List.of(SYN, SYN | ACK, ACK, FIN | ACK, RST, RST | ACK));
        Arbitrary<Integer> modifiers = Arbitraries.integers().between(0, 0xff).map(m -> m & (PSH | URG | ECE | CWR));
        Arbitrary<Integer> flags = Combinators.combine(bases, modifiers).as((b, m) -> b | m);
        Arbitrary<Integer> ports = Arbitraries.integers().between(0, 0xffff);
        Arbitrary<Integer> any = Arbitraries.integers();
        return Combinators.combine(ports, ports, any, any, flags, ports).as(TcpFields::new);
    }

    static Arbitrary<TcpOptions> optionsArbitrary() {
        Arbitrary<Integer> mss = Arbitraries.integers().between(-1, 0xffff);
        Arbitrary<Integer> windowScale = Arbitraries.integers().between(-1, TcpOptions.MAX_WINDOW_SCALE);
        Arbitrary<Boolean> flag = Arbitraries.of(true, false);
        Arbitrary<Integer> any = Arbitraries.integers();
        Arbitrary<List<Integer>> sackEdges = any.list().ofMaxSize(2 * TcpOptions.MAX_SACK_BLOCKS);
        return Combinators.combine(mss, windowScale, flag, flag, any, any, flag, sackEdges)
                .as((m, ws, sackOk, ts, val, ecr, exactCeEcho, edges) -> {
                    TcpOptions o = new TcpOptions();
                    if (m >= 0) {
                        o.setMss(m);
                    }
                    if (ws >= 0) {
                        o.setWindowScale(ws);
                    }
                    o.setSackPermitted(sackOk);
                    if (ts) {
                        o.setTimestamps(val, ecr);
                    }
                    o.setExactCeEcho(exactCeEcho);
                    for (int i = 0; i + 1 < edges.size(); i += 2) {
                        o.addSackBlock(edges.get(i), edges.get(i + 1));
                    }
                    return o;
                });
    }
}
