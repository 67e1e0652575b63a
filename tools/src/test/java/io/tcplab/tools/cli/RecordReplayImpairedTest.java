package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.ab.RealLink;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.interop.Interop;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.LinkStats;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs through an impaired user-space link — random loss and reordering on the data
 * direction, and its one-way delay raised from 10 to 80 ms for a second three seconds in —
 * recorded and replayed on virtual time to their last packet: {@code send} over TUN into a kernel
 * receiver, and the tcplab run of {@code ab}. The link's counters show the losses and reorderings
 * happened and the replayed trace shows the delay change, so neither test can pass on an easy
 * path. In throw-away namespaces (docs/test-hosts.md); skips without root, fails instead under
 * TCPLAB_REQUIRE_TEST_HOSTS=1.
 */
class RecordReplayImpairedTest {
    /**
     * The data direction: 20 Mbit/s, 10 ms, a queue of 30 packets (18 ms at that rate), 0.3 % loss
     * and 1 % reordering; from 3 s to 4 s after the link's start its delay is 80 ms. 8 MiB take at
     * least 3.4 s at 20 Mbit/s, so every transfer is under way when the delay changes.
     */
    private static final String IMPAIRED = "rate=20Mbit,delay=10ms,queue=30p,loss=0.003,reorder=0.01";
    private static final String CHANGE = "delay=80ms@3s,delay=10ms@4s";
    private static final String BYTES = "8MiB";
    private static final int PORT = 5011;

    @Test
    @Timeout(120)
    void aSendThroughAnImpairedLinkReplaysToItsLastPacket(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        Path recording = dir.resolve("send.rec");
        Cli send;
        LinkStats forward;
        String tun = String.format(Locale.ROOT, "tlri%06x", ThreadLocalRandom.current().nextInt(1 << 24));
        try (RealPath path = RealPath.open("reno");
             RealLink link = path.openLink(LinkParams.parse(IMPAIRED), LinkParams.parse("delay=10ms"),
                     LinkSchedule.parse(CHANGE), LinkSchedule.parse(""), 21, 1500, "tcplab-test-link");
             ServerSocketChannel server = path.listen(PORT)) {
            CompletableFuture<String[]> kernel = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    return Interop.readAll(s);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            // tcplab's device has its kernel side in the left namespace, which forwards into the link
            send = Cli.run(null, "send", "--netns", path.left().name(), "--tun", tun, "--host-addr",
                    RealPath.OURS_CIDR, "--addr", RealPath.OURS_ADDR, "--peer", RealPath.RIGHT_ADDR, "--port",
                    String.valueOf(PORT), "--bytes", BYTES, "--record", recording.toString(), "--json");
            assertThat(send.exitCode()).as(send.err()).isZero();
            JsonNode sent = new ObjectMapper().readTree(send.out().lines().findFirst().orElseThrow());
            assertThat(Long.parseLong(kernel.get(60, TimeUnit.SECONDS)[0])).isEqualTo(sent.get("bytesSent").asLong());
            link.check("the test's link");
            forward = link.bridge().forward().link();
        }
        assertThat(forward.lostRandom()).as("data packets the link lost").isPositive();
        assertThat(forward.reordered()).as("data packets the link reordered").isPositive();

        Path out = dir.resolve("replay");
        JsonNode replayed = replayToTheEnd(recording, out, "tcplab send");
        JsonNode run = new ObjectMapper().readTree(send.out().lines().findFirst().orElseThrow());
        JsonNode connection = new ObjectMapper().readTree(out.resolve("connection-0.json").toFile());
        for (String field : List.of("bytesSent", "sha256Sent", "segmentsSent", "segmentsRetransmitted", "rtoCount",
                "fastRecoveries", "finalCwndBytes", "congestionControl", "complete")) {
            assertThat(connection.get(field)).as(field).isEqualTo(run.get(field));
        }
        assertThat(connection.get("segmentsRetransmitted").asLong()).as("retransmissions of the link's losses")
                .isPositive();
        assertThat(replayed.get("packets").asLong()).isGreaterThan(connection.get("segmentsSent").asLong());
        assertDelayChangeShows(out.resolve("connection-0.csv"));
    }

    @Test
    @Timeout(180)
    void aRecordedAbRunReplaysToItsLastPacket(@TempDir Path dir) throws Exception {
        Requires.testHosts();
        Path recording = dir.resolve("ab.rec");
        Cli ab = AbCommandTest.ab("--bytes", BYTES, "--rate", "20Mbit", "--rtt", "20ms", "--queue", "30p",
                "--loss", "0.003", "--reorder", "0.01", "--at", CHANGE, "--cc", "reno", "--json", "--record",
                recording.toString());
        assertThat(ab.exitCode()).as("exit code; stderr: %s", ab.err()).isZero();
        assertThat(ab.err()).contains("tcplab ab: recorded to " + recording);
        JsonNode tcplab = new ObjectMapper().readTree(ab.out()).get("tcplab");
        assertThat(tcplab.get("bytes").asLong()).isEqualTo(8 << 20);
        assertThat(tcplab.get("linkDrops").asLong()).as("the link's drops in tcplab's run").isPositive();
        assertThat(tcplab.get("retransmits").asLong()).isPositive();

        Path out = dir.resolve("replay");
        replayToTheEnd(recording, out, "tcplab ab");
        JsonNode connection = new ObjectMapper().readTree(out.resolve("connection-0.json").toFile());
        assertThat(connection.get("bytesSent").asLong()).isEqualTo(8 << 20);
        assertThat(connection.get("segmentsRetransmitted").asLong()).as("retransmissions by the end, ab's taken at its last byte")
                .isGreaterThanOrEqualTo(tcplab.get("retransmits").asLong());
        assertThat(connection.get("congestionControl").asText()).isEqualTo("reno");
        assertDelayChangeShows(out.resolve("connection-0.csv"));
    }

    /** Replays {@code recording} with its files into {@code out}; it must match to the end. Returns the --json outcome. */
    private static JsonNode replayToTheEnd(Path recording, Path out, String setup) throws IOException {
        Cli replay = Cli.run(null, "replay", recording.toString(), "--out", out.toString(), "--json");
        System.out.println(replay.out());
        assertThat(replay.exitCode()).as(replay.out() + replay.err()).isZero();
        JsonNode o = new ObjectMapper().readTree(replay.out());
        assertThat(o.get("toTheEnd").asBoolean()).as(replay.out()).isTrue();
        assertThat(o.get("divergence").isNull()).isTrue();
        assertThat(o.get("setup").asText()).isEqualTo(setup);
        assertThat(o.get("packets").asLong()).isGreaterThan(1000);
        return o;
    }

    /**
     * The replayed connection's smoothed RTT went below 45 ms and above 85 ms: before the change
     * the path's RTT is 20 ms and its queue adds at most 18 ms; during it the RTT is 90 ms at
     * least. The path changed under the recorded run, and the replay followed.
     */
    private static void assertDelayChangeShows(Path csv) throws IOException {
        double[] srtt = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",", -1)[3])
                .filter(v -> !v.isEmpty()).mapToDouble(Double::parseDouble).filter(v -> v > 0).toArray();
        assertThat(Arrays.stream(srtt).min().orElseThrow()).as("srtt (ms) before the change").isLessThan(45.0);
        assertThat(Arrays.stream(srtt).max().orElseThrow()).as("srtt (ms) during it").isGreaterThan(85.0);
    }
}
