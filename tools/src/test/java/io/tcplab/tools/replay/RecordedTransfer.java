package io.tcplab.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.traffic.Sha256;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A recorded run for the replay's tests: a transfer of {@link #BYTES} between two stacks on
 * virtual time over a 10 ms path that drops every 40th packet toward the server, each stack
 * recorded into a file of its own.
 */
public final class RecordedTransfer {
    static final byte[] CLIENT = {10, 0, 0, 1};
    static final byte[] SERVER = {10, 0, 0, 2};
    static final int PORT = 5001;
    public static final int BYTES = 300_000;
    private static final long DELAY = 10_000_000L;

    private RecordedTransfer() {
    }

    /** Records the transfer; returns the client's packets as they left. */
    public static List<byte[]> record(Path clientFile, Path serverFile) throws IOException {
        return record(clientFile, serverFile, null);
    }

    /**
     * Records the transfer, the client's connection traced into {@code clientTrace} (when not null)
     * from just after its connect; returns the client's packets as they left.
     */
    public static List<byte[]> record(Path clientFile, Path serverFile, TraceListener clientTrace) throws IOException {
        return record(clientFile, serverFile, clientTrace, Keep.PACKETS);
    }

    /** The same, both recordings keeping {@code keep} of each packet. */
    public static List<byte[]> record(Path clientFile, Path serverFile, TraceListener clientTrace, Keep keep)
            throws IOException {
        return record(clientFile, serverFile, clientTrace, keep, null);
    }

    /**
     * The same, the client's connections taking congestion control {@code clientCc} (a spec; null:
     * the default) from its stack's default options.
     */
    public static List<byte[]> record(Path clientFile, Path serverFile, TraceListener clientTrace, Keep keep,
                                      String clientCc) throws IOException {
        Wire wire = new Wire();
        List<byte[]> clientOut = new ArrayList<>();
        try (Recorder clientRec = new Recorder(clientFile, "client", keep);
             Recorder serverRec = new Recorder(serverFile, "server", keep)) {
            ConnectionOptions.Builder clientOptions = ConnectionOptions.builder().mss(1460);
            if (clientCc != null) {
                clientOptions.congestionControl(clientCc);
            }
            TcpStack client = stack(StackConfig.builder(clientRec.random(RandomSource.seeded(1))).address(CLIENT)
                    .isnSource((now, la, lp, ra, rp) -> lp * 7919L), clientOptions,
                    clientRec.sink(wire.toward(true, clientOut)));
            TcpStack server = stack(StackConfig.builder(serverRec.random(RandomSource.seeded(2))).address(SERVER),
                    ConnectionOptions.builder().mss(1460), serverRec.sink(wire.toward(false, new ArrayList<>())));
            clientRec.attach(client);
            serverRec.attach(server);
            Discard sink = new Discard();
            server.listen(PORT, null, (c, now) -> sink);
            Connection c = client.connect(0, SERVER, PORT, null, new Sender());
            if (clientTrace != null) {
                c.setTraceListener(clientTrace);
            }
            run(wire, client, server);
            assertThat(sink.received).as("the transfer completed over the lossy path").isEqualTo(BYTES);
            assertThat(wire.towardServer / 40).as("packets lost on the way").isGreaterThanOrEqualTo(5);
        }
        return clientOut;
    }

    /** The SHA-256 of the bytes the client sends (in hex). */
    public static String sha256() {
        MessageDigest d = Sha256.newDigest();
        for (int i = 0; i < BYTES; i++) {
            d.update(pattern(i));
        }
        return Sha256.hex(d.digest());
    }

    /** MurmurHash3's finalizer of the offset: bytes without a pattern a compressor could use. */
    private static byte pattern(int offset) {
        int h = offset;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return (byte) (h ^ h >>> 16);
    }

    /** The path between the two stacks: each packet arrives DELAY later, every 40th toward the server is lost. */
    private static final class Wire {
        record Delivery(long at, long order, boolean toServer, byte[] bytes) {
        }

        final PriorityQueue<Delivery> queue = new PriorityQueue<>((a, b) -> a.at != b.at
                ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));
        long now;
        long sent;
        long towardServer;

        /** A sink onto the wire; each packet also goes to {@code seen}. */
        PacketSink toward(boolean server, List<byte[]> seen) {
            return packet -> {
                byte[] b = new byte[packet.readableBytes()];
                packet.getBytes(packet.readerIndex(), b);
                seen.add(b);
                sent++;
                if (!server || ++towardServer % 40 != 0) {
                    queue.add(new Delivery(now + DELAY, sent, server, b));
                }
            };
        }
    }

    /**
     * The client's ISNs come from a source of its own, which a replay cannot rebuild (the recording
     * keeps the ISNs); the server's from the stack's RFC 6528 generator, whose secret is drawn.
     */
    private static TcpStack stack(StackConfig.Builder config, ConnectionOptions.Builder options, PacketSink sink) {
        return new TcpStack(config.defaultOptions(options.build()).build(), sink);
    }

    private static void run(Wire wire, TcpStack client, TcpStack server) {
        while (true) {
            long next = Math.min(client.nextDeadline(), server.nextDeadline());
            Wire.Delivery d = wire.queue.peek();
            if (d != null && d.at() <= next) {
                wire.queue.poll();
                wire.now = d.at();
                ByteBuf packet = Unpooled.wrappedBuffer(d.bytes());
                (d.toServer() ? server : client).receive(wire.now, packet);
            } else if (next != Long.MAX_VALUE && next < 120_000_000_000L) {
                wire.now = next;
                if (client.nextDeadline() <= next) {
                    client.poll(next);
                }
                if (server.nextDeadline() <= next) {
                    server.poll(next);
                }
            } else {
                return;
            }
        }
    }

    /** Writes BYTES of {@link #pattern} as room opens, then closes. */
    private static final class Sender implements ConnectionHandler {
        private final byte[] chunk = new byte[16_384];
        private int written;

        @Override
        public void onEstablished(Connection c, long now) {
            onWritable(c, now);
        }

        @Override
        public void onWritable(Connection c, long now) {
            while (written < BYTES) {
                int n = Math.min(chunk.length, BYTES - written);
                for (int i = 0; i < n; i++) {
                    chunk[i] = pattern(written + i);
                }
                int taken = c.write(now, chunk, 0, n);
                written += taken;
                if (taken < n) {
                    return;
                }
            }
            c.close(now);
        }
    }

    /** Reads everything; closes at the peer's FIN. */
    private static final class Discard implements ConnectionHandler {
        private final byte[] into = new byte[8192];
        long received;

        @Override
        public void onReadable(Connection c, long now) {
            int n;
            while ((n = c.read(now, into, 0, into.length)) > 0) {
                received += n;
            }
            if (n < 0) {
                c.close(now);
            }
        }
    }
}
