package io.tcplab.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.IpPacket;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transfer between two stacks on virtual time over a 10 ms path that drops every 40th packet,
 * each stack recorded; each recording replayed on a stack made from the recording alone must
 * match to the last packet, and a what-if replay must stop where the difference first shows.
 */
class ReplayTest {
    private static final byte[] CLIENT = {10, 0, 0, 1};
    private static final byte[] SERVER = {10, 0, 0, 2};
    private static final int PORT = 5001;
    private static final int BYTES = 300_000;
    private static final long DELAY = 10_000_000L;

    @TempDir
    Path dir;

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

    /** Runs the transfer with both stacks recorded; returns the client's packets as they left. */
    private List<byte[]> recordTransfer(Path clientFile, Path serverFile) throws IOException {
        return recordTransfer(clientFile, serverFile, Keep.PACKETS);
    }

    private List<byte[]> recordTransfer(Path clientFile, Path serverFile, Keep keep) throws IOException {
        Wire wire = new Wire();
        List<byte[]> clientOut = new ArrayList<>();
        try (Recorder clientRec = new Recorder(clientFile, "client", keep);
             Recorder serverRec = new Recorder(serverFile, "server", keep)) {
            TcpStack client = stack(StackConfig.builder(clientRec.random(RandomSource.seeded(1))).address(CLIENT)
                    .isnSource((now, la, lp, ra, rp) -> lp * 7919L), clientRec.sink(wire.toward(true, clientOut)));
            TcpStack server = stack(StackConfig.builder(serverRec.random(RandomSource.seeded(2))).address(SERVER),
                    serverRec.sink(wire.toward(false, new ArrayList<>())));
            clientRec.attach(client);
            serverRec.attach(server);
            Discard sink = new Discard();
            server.listen(PORT, null, (c, now) -> sink);
            client.connect(0, SERVER, PORT, null, new Sender());
            run(wire, client, server);
            assertThat(sink.received).as("the transfer completed over the lossy path").isEqualTo(BYTES);
            assertThat(wire.towardServer / 40).as("packets lost on the way").isGreaterThanOrEqualTo(5);
        }
        return clientOut;
    }

    /**
     * The client's ISNs come from a source of its own, which a replay cannot rebuild (the recording
     * keeps the ISNs); the server's from the stack's RFC 6528 generator, whose secret is drawn.
     */
    private static TcpStack stack(StackConfig.Builder config, PacketSink sink) {
        return new TcpStack(config.defaultOptions(ConnectionOptions.builder().mss(1460).build()).build(), sink);
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

    /** Writes BYTES that do not compress (a hash of each byte's position) as room opens, then closes. */
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
                    chunk[i] = byteAt(written + i);
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

    /** MurmurHash3's finalizer of the position: bytes without a pattern a compressor could use. */
    private static byte byteAt(int position) {
        int h = position;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return (byte) (h ^ h >>> 16);
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

    @Test
    void bothSidesReplayToTheLastPacket() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        Path serverFile = dir.resolve("server.rec");
        List<byte[]> clientPackets = recordTransfer(clientFile, serverFile);

        Replay.Result client = Replay.run(clientFile);
        Replay.Result server = Replay.run(serverFile);
        assertThat(client.setup()).isEqualTo("client");
        assertThat(client.packets()).isEqualTo(clientPackets.size()).isGreaterThan(BYTES / 1448);
        assertThat(server.packets()).isGreaterThan(100);
        assertThat(client.inputs()).isGreaterThan(client.packets() / 3);
    }

    @Test
    void aHeadersOnlyRecordingReplaysToTheLastPacketInAFractionOfTheSize() throws IOException {
        Path full = dir.resolve("full.rec");
        Path headers = dir.resolve("headers.rec");
        recordTransfer(full, dir.resolve("full-server.rec"));
        List<byte[]> clientPackets = recordTransfer(headers, dir.resolve("headers-server.rec"), Keep.HEADERS);

        Replay.Result client = Replay.run(headers);
        Replay.Result server = Replay.run(dir.resolve("headers-server.rec"));
        assertThat(client.keep()).isEqualTo(Keep.HEADERS);
        assertThat(client.packets()).isEqualTo(clientPackets.size());
        assertThat(server.packets()).isEqualTo(Replay.run(dir.resolve("full-server.rec")).packets());
        // the receiving side keeps the payloads it got, the sending side what it wrote: 300 kB either way
        assertThat(Files.size(dir.resolve("full-server.rec"))).isGreaterThan(BYTES);
        assertThat(Files.size(full)).isGreaterThan(BYTES);
        assertThat(Files.size(dir.resolve("headers-server.rec"))).isLessThan(BYTES / 10);
        assertThat(Files.size(headers)).isLessThan(BYTES / 10);
    }

    @Test
    void aHeadersOnlyPacketGetsTheChecksumVerdictTheRealOneGot() {
        List<byte[]> packets = new ArrayList<>();
        Wire wire = new Wire();
        TcpStack client = stack(StackConfig.builder(RandomSource.seeded(1)).address(CLIENT), wire.toward(true, packets));
        TcpStack server = stack(StackConfig.builder(RandomSource.seeded(2)).address(SERVER),
                wire.toward(false, new ArrayList<>()));
        server.listen(PORT, null, (c, now) -> new Discard());
        client.connect(0, SERVER, PORT, null, new Sender());
        run(wire, client, server);
        List<byte[]> withData = packets.stream().filter(p -> PacketDigest.headerLength(p, p.length) < p.length).toList();
        assertThat(withData).hasSizeGreaterThan(100);
        for (byte[] real : withData) {
            for (boolean damaged : new boolean[] {false, true}) {
                byte[] p = real.clone();
                if (damaged) {
                    p[p.length - 1] ^= 0x5A; // a payload byte: the real checksum no longer verifies
                }
                int kept = PacketDigest.headerLength(p, p.length);
                int sum = PacketDigest.payloadSum(Unpooled.wrappedBuffer(p), kept, p.length - kept);
                byte[] rebuilt = PacketDigest.rebuild(p, kept, p.length, sum);
                assertThat(rebuilt).isNotEqualTo(p);
                assertThat(checksumOk(rebuilt)).as("damaged " + damaged).isEqualTo(checksumOk(p)).isEqualTo(!damaged);
            }
        }
    }

    private static boolean checksumOk(byte[] packet) {
        IpPacket ip = new IpPacket();
        assertThat(ip.wrap(Unpooled.wrappedBuffer(packet))).isNull();
        return Checksum.tcpChecksumOk(ip);
    }

    @Test
    void aStackMadeDifferentlyStopsAtItsFirstDifferentSegment() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        List<byte[]> clientPackets = recordTransfer(clientFile, dir.resolve("server.rec"));
        // the recorded client opened with 10 segments (RFC 6928); one with 9 sends the first nine alike
        List<String> data = clientPackets.stream().map(p -> Segments.describe(p, p.length))
                .filter(d -> !d.endsWith(" len 0")).toList();
        String tenth = data.get(9);
        String seq = tenth.split(" ")[4];

        assertThatThrownBy(() -> Replay.run(clientFile, b -> b.initialWindowSegments(9)))
                .isInstanceOf(Replay.Divergence.class)
                .hasMessageContaining("the recording has a packet of 1500 bytes " + tenth)
                .hasMessageContaining("seq " + seq + " ")
                .hasMessageNotContaining("\n");
    }
}
