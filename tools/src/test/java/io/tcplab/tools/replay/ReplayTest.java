package io.tcplab.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.Checksum;
import io.tcplab.stack.wire.IpPacket;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.metrics.TraceCsvWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transfer between two stacks on virtual time over a 10 ms path that drops every 40th packet,
 * each stack recorded; each recording replayed on a stack made from the recording alone must
 * match to the last packet, and a what-if replay must stop where the difference first shows; a
 * replay with its files on must still match, and write the trace the recorded run would have.
 */
class ReplayTest {
    @TempDir
    Path dir;

    @Test
    void bothSidesReplayToTheLastPacket() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        Path serverFile = dir.resolve("server.rec");
        List<byte[]> clientPackets = RecordedTransfer.record(clientFile, serverFile);

        Replay.Result client = Replay.run(clientFile);
        Replay.Result server = Replay.run(serverFile);
        assertThat(client.setup()).isEqualTo("client");
        assertThat(client.packets()).isEqualTo(clientPackets.size()).isGreaterThan(RecordedTransfer.BYTES / 1448);
        assertThat(server.packets()).isGreaterThan(100);
        assertThat(client.inputs()).isGreaterThan(client.packets() / 3);
    }

    @Test
    void aHeadersOnlyRecordingReplaysToTheLastPacketInAFractionOfTheSize() throws IOException {
        Path full = dir.resolve("full.rec");
        Path headers = dir.resolve("headers.rec");
        RecordedTransfer.record(full, dir.resolve("full-server.rec"));
        List<byte[]> clientPackets = RecordedTransfer.record(headers, dir.resolve("headers-server.rec"), null,
                Keep.HEADERS);

        Replay.Result client = Replay.run(headers);
        Replay.Result server = Replay.run(dir.resolve("headers-server.rec"));
        assertThat(client.keep()).isEqualTo(Keep.HEADERS);
        assertThat(client.packets()).isEqualTo(clientPackets.size());
        assertThat(server.packets()).isEqualTo(Replay.run(dir.resolve("full-server.rec")).packets());
        // the receiving side keeps the payloads it got, the sending side what it wrote: 300 kB either way
        int bytes = RecordedTransfer.BYTES;
        assertThat(Files.size(dir.resolve("full-server.rec"))).isGreaterThan(bytes);
        assertThat(Files.size(full)).isGreaterThan(bytes);
        assertThat(Files.size(dir.resolve("headers-server.rec"))).isLessThan(bytes / 10);
        assertThat(Files.size(headers)).isLessThan(bytes / 10);
    }

    @Test
    void aHeadersOnlyPacketGetsTheChecksumVerdictTheRealOneGot() throws IOException {
        List<byte[]> packets = RecordedTransfer.record(dir.resolve("client.rec"), dir.resolve("server.rec"));
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
        List<byte[]> clientPackets = RecordedTransfer.record(clientFile, dir.resolve("server.rec"));
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

    @Test
    void aTracedReplayStillMatchesAndWritesTheTraceTheRunWouldHave() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        Path serverFile = dir.resolve("server.rec");
        StringWriter recordedTrace = new StringWriter();
        try (TraceCsvWriter w = new TraceCsvWriter(recordedTrace)) {
            RecordedTransfer.record(clientFile, serverFile, w); // the client connected at 0: no time to shift
        }
        Replay.Result plain = Replay.run(clientFile);
        Path out = Files.createDirectories(dir.resolve("out"));
        Replay.Result traced;
        List<Path> files;
        try (ReplayFiles replayFiles = new ReplayFiles(out)) {
            traced = Replay.run(clientFile, replayFiles);
            files = replayFiles.finish(false);
            assertThat(replayFiles.connections()).isEqualTo(1);
        }
        assertThat(traced).isEqualTo(plain);
        assertThat(files).extracting(p -> p.getFileName().toString())
                .startsWith("connection-0.csv", "connection-0.json", "connection-0.png");
        assertThat(files).allMatch(Files::exists);

        List<String> lines = Files.readAllLines(out.resolve("connection-0.csv"));
        List<String> recorded = recordedTrace.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo(TraceCsvWriter.HEADER);
        // the recorded run's trace began after connect returned; the replay's begins with the connection
        int before = lines.size() - recorded.size();
        assertThat(before).as("rows before connect returned (SYN_SENT)").isBetween(1, 3);
        assertThat(lines.subList(1 + before, lines.size())).isEqualTo(recorded.subList(1, recorded.size()));
        assertThat(lines.subList(1, 1 + before)).allMatch(l -> l.startsWith("0,"));

        double previous = 0;
        for (String row : lines.subList(1, lines.size())) {
            double t = Double.parseDouble(row.split(",")[0]);
            assertThat(t).as(row).isGreaterThanOrEqualTo(previous);
            previous = t;
        }
        assertThat(previous).as("the last row's time (s)").isBetween(0.1, 120.0);

        JsonNode json = new ObjectMapper().readTree(out.resolve("connection-0.json").toFile());
        assertThat(json.get("connection").asInt()).isZero();
        assertThat(json.get("traceRows").asLong()).isEqualTo(lines.size() - 1);
        assertThat(json.get("role").asText()).isEqualTo("active");
        assertThat(json.get("mode").asText()).isEqualTo("replay");
        assertThat(json.get("local").asText()).startsWith("10.0.0.1:");
        assertThat(json.get("remote").asText()).isEqualTo("10.0.0.2:" + RecordedTransfer.PORT);
        assertThat(json.get("bytesSent").asLong()).isEqualTo(RecordedTransfer.BYTES);
        assertThat(json.get("sha256Sent").asText()).isEqualTo(RecordedTransfer.sha256());
        assertThat(json.get("bytesReceived").asLong()).isZero();
        assertThat(json.get("complete").asBoolean()).isTrue();
        assertThat(json.get("interrupted").asBoolean()).isFalse();
        assertThat(json.get("segmentsRetransmitted").asLong()).isPositive();
        assertThat(json.get("seconds").asDouble()).isBetween(0.05, previous);

        // the last row with a window (CLOSED has none) carries the connection's final cwnd; SND.UNA
        // is past every byte, the SYN and the FIN
        String[] last = lines.get(lines.size() - 1).split(",", -1);
        assertThat(Long.parseLong(last[6])).isEqualTo(RecordedTransfer.BYTES + 2L);
        String[] lastWindow = lines.stream().skip(1).map(l -> l.split(",", -1))
                .filter(r -> !r[1].equals("0")).reduce((a, b) -> b).orElseThrow();
        assertThat(Long.parseLong(lastWindow[1])).isEqualTo(json.get("finalCwndBytes").asLong());

        byte[] png = Files.readAllBytes(out.resolve("connection-0.png"));
        assertThat(Arrays.copyOf(png, 8)).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
    }

    @Test
    void aReplayThatDivergesLeavesTheTraceUpToThere() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        RecordedTransfer.record(clientFile, dir.resolve("server.rec"));
        Path out = Files.createDirectories(dir.resolve("out"));
        try (ReplayFiles replayFiles = new ReplayFiles(out)) {
            assertThatThrownBy(() -> Replay.run(clientFile, b -> b.initialWindowSegments(9), replayFiles))
                    .isInstanceOf(Replay.Divergence.class);
            replayFiles.finish(true);
        }
        List<String> lines = Files.readAllLines(out.resolve("connection-0.csv"));
        // up to the ninth segment of the first flight, and the tenth the recording has never came
        assertThat(lines.stream().filter(l -> l.contains(",SEND,") && !l.endsWith(",0"))).hasSize(9);
        JsonNode json = new ObjectMapper().readTree(out.resolve("connection-0.json").toFile());
        assertThat(json.get("interrupted").asBoolean()).isTrue();
        assertThat(json.get("complete").asBoolean()).isFalse();
        assertThat(json.get("traceRows").asLong()).isEqualTo(lines.size() - 1);
        assertThat(out.resolve("connection-0.png")).exists();
    }
}
