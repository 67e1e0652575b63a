package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.metrics.TraceCsvWriter;
import io.tcplab.tools.replay.RecordedTransfer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tcplab replay} on a recorded emulated transfer: the result line, --json, --out's files, bad options. */
class ReplayCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Path client;
    private Path server;

    @BeforeEach
    void record() throws IOException {
        client = dir.resolve("client.rec");
        server = dir.resolve("server.rec");
        RecordedTransfer.record(client, server);
    }

    @Test
    void outWritesEachConnectionsTraceReportAndPlot() throws IOException {
        Path out = dir.resolve("out"); // made by the command
        Cli r = Cli.run(null, "replay", server.toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("(server): identical to the end: ")
                .contains(server + ": wrote the trace of 1 connection (trace CSV, JSON, plot) in " + out);
        try (var listing = Files.list(out)) {
            assertThat(listing.map(p -> p.getFileName().toString()).sorted()) // the SVG where it stays small
                    .containsSubsequence("connection-0.csv", "connection-0.json", "connection-0.png")
                    .isSubsetOf("connection-0.csv", "connection-0.json", "connection-0.png", "connection-0.svg");
        }
        List<String> csv = Files.readAllLines(out.resolve("connection-0.csv"));
        assertThat(csv.get(0)).isEqualTo(TraceCsvWriter.HEADER);
        assertThat(csv.get(1)).as("a passive connection begins at its SYN").startsWith("0,").contains("SYN_RECEIVED");
        JsonNode report = JSON.readTree(out.resolve("connection-0.json").toFile());
        assertThat(report.get("role").asText()).isEqualTo("passive");
        assertThat(report.get("bytesReceived").asLong()).isEqualTo(RecordedTransfer.BYTES);
        assertThat(report.get("sha256Received").asText()).isEqualTo(RecordedTransfer.sha256());
        assertThat(report.get("traceRows").asLong()).isEqualTo(csv.size() - 1);
        byte[] png = Files.readAllBytes(out.resolve("connection-0.png"));
        assertThat(Arrays.copyOf(png, 4)).containsExactly(0x89, 'P', 'N', 'G');
    }

    @Test
    void jsonIsOneObjectNamingTheFiles() throws IOException {
        Path out = dir.resolve("out");
        Cli r = Cli.run(null, "replay", client.toString(), "--json", "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out().lines()).hasSize(1);
        JsonNode o = JSON.readTree(r.out());
        assertThat(o.get("toTheEnd").asBoolean()).isTrue();
        assertThat(o.get("whatIf").asBoolean()).isFalse();
        assertThat(o.get("divergence").isNull()).isTrue();
        assertThat(o.get("setup").asText()).isEqualTo("client");
        assertThat(o.get("recordedBy").asText()).startsWith("tcplab ");
        assertThat(o.get("keeps").asText()).isEqualTo("packets");
        assertThat(o.get("packets").asLong()).isGreaterThan(RecordedTransfer.BYTES / 1448);
        assertThat(o.get("connections").asInt()).isEqualTo(1);
        assertThat(o.get("files")).extracting(JsonNode::asText)
                .startsWith("connection-0.csv", "connection-0.json", "connection-0.png");
        try (var listing = Files.list(out)) {
            assertThat(o.get("files")).extracting(JsonNode::asText)
                    .containsExactlyInAnyOrderElementsOf(listing.map(p -> p.getFileName().toString()).toList());
        }
        assertThat(JSON.readTree(out.resolve("connection-0.json").toFile()).get("bytesSent").asLong())
                .isEqualTo(RecordedTransfer.BYTES);
    }

    @Test
    void aDivergenceStillWritesWhatWasTracedAndSaysSo() throws IOException {
        Path out = dir.resolve("out");
        Cli r = Cli.run(null, "replay", client.toString(), "--cc", "cubic", "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains(client + ": replay diverges at entry ")
                .contains("wrote what was traced up to the divergence of 1 connection");
        assertThat(Files.readAllLines(out.resolve("connection-0.csv")).size()).isGreaterThan(2);
        assertThat(JSON.readTree(out.resolve("connection-0.json").toFile()).get("interrupted").asBoolean()).isTrue();

        Cli j = Cli.run(null, "replay", client.toString(), "--cc", "cubic", "--json");
        assertThat(j.exitCode()).isEqualTo(1);
        JsonNode o = JSON.readTree(j.out());
        assertThat(o.get("toTheEnd").asBoolean()).isFalse();
        assertThat(o.get("whatIf").asBoolean()).isTrue();
        assertThat(o.get("divergence").asText()).startsWith("replay diverges at entry ");
        assertThat(o.has("out")).isFalse();
    }

    @Test
    void aProfileWhatIfRunsAProfileThatChangesNothingToTheEndAndStopsWhereOneChangesTheWindow() {
        Cli same = Cli.run(null, "replay", client.toString(), "--profile", "today");
        assertThat(same.exitCode()).as(same.out() + same.err()).isZero();
        assertThat(same.out()).contains("(client): the what-if replay ran to the end: ");

        // Linux 2.4 armed the SYN's retransmission at 3 s (RFC 1122), RFC 6298's stack at 1 s: the
        // replay stops there, at the SYN, before its IW of 2 could show
        Cli linux24 = Cli.run(null, "replay", client.toString(), "--profile", "linux-2.4");
        assertThat(linux24.exitCode()).as(linux24.out() + linux24.err()).isEqualTo(1);
        assertThat(linux24.out().strip()).doesNotContain("\n").contains(
                "(0.000000 ms into the recording): the recording has next deadline 1000.000000 ms, the replay next "
                        + "deadline 3000.000000 ms");

        Cli bad = Cli.run(null, "replay", client.toString(), "--profile", "linux-9");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--profile");
    }

    @Test
    void anOutThatCannotBeWrittenIsABadOption() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
        Cli r = Cli.run(null, "replay", client.toString(), "--out", file.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("tcplab replay: --out cannot write '" + file + "'");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aTraceFileThatCannotBeMadeFailsTheRunInOneLine() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out").resolve("connection-0.csv")).getParent();
        Cli r = Cli.run(null, "replay", client.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("tcplab replay: --out cannot write '" + out + "' (cannot write ")
                .contains("connection-0.csv");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aBadWhatIfValueIsABadOption() {
        Cli r = Cli.run(null, "replay", client.toString(), "--cc", "no-such-algorithm", "--out",
                dir.resolve("out").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("tcplab replay: --cc ");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void helpNamesTheFiles() {
        Cli r = Cli.run(null, "replay", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--out=DIR").contains("connection-N.csv").contains("connection-N.json")
                .contains("connection-N.png").contains("--json");
    }
}
