package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's acceptance on the emulator: {@code transfer --ecn accecn} over a step marker
 * negotiates Accurate ECN (RFC 9768), and the CE marks the sender learns from its feedback are
 * exactly those the link made. Why exactly: only data segments are ECN-capable (ACKs and
 * retransmissions leave Not-ECT, RFC 3168 §6.1.4–5), the path loses nothing, so every mark
 * arrives once and r.cep − 5 counts it (§3.2); no ACK is lost either, and each ACK's AccECN option
 * carries ECEB, so where the ACE field could have cycled appendix A.2.2 keeps the ACE increment,
 * and s.cep ends equal to r.cep.
 */
class AccEcnTransferTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode transfer(String... extra) throws Exception {
        String[] base = {"transfer", "--bytes", "4MiB", "--rate", "50Mbit", "--rtt", "20ms", "--ecn-threshold", "20p",
                "--seed", "7", "--json"};
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new);
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, args);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = JSON.readTree(cli.out());
        assertThat(r.get("complete").asBoolean()).isTrue();
        assertThat(r.get("sha256Received").asText()).isEqualTo(r.get("sha256Sent").asText());
        return r;
    }

    @Test
    void dctcpOverAccEcnLearnsEveryMarkTheLinkMade(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.csv");
        JsonNode r = transfer("--ecn", "accecn", "--cc", "dctcp", "--trace", trace.toString());
        assertThat(r.get("ecn").asText()).isEqualTo("accecn");
        assertThat(r.get("spec").get("options").get("ecn").asText()).isEqualTo("accecn");
        long marks = r.get("links").get("forward").get("ceMarked").asLong();
        assertThat(marks).as("the step marker marked").isPositive();
        JsonNode sender = r.get("accEcn");
        JsonNode receiver = r.get("receiverAccEcn");
        assertThat(receiver.get("receivedCePackets").asLong()).isEqualTo(marks);
        assertThat(sender.get("cePackets").asLong()).isEqualTo(marks);
        assertThat(sender.get("ceBytes").asLong()).isEqualTo(receiver.get("receivedCeBytes").asLong()).isPositive();
        assertThat(sender.get("optionsSeen").asBoolean()).isTrue();
        assertThat(r.get("segmentsRetransmitted").asLong()).as("no loss: only ECN slowed the sender").isZero();
        // DCTCP reacted to the marks: window reductions (CWR rows) and the fed-back CE rows
        String csv = Files.readString(trace);
        assertThat(csv).contains("ACCECN,negotiated").contains("ACCECN_CE,option").contains("CA_STATE,CWR");
    }

    @Test
    void aBareEcnIsClassicAndNoEcnIsOff() throws Exception {
        JsonNode classic = transfer("--ecn");
        assertThat(classic.get("ecn").asText()).isEqualTo("classic");
        assertThat(classic.get("accEcn").isNull()).isTrue();
        assertThat(transfer().get("ecn").asText()).isEqualTo("off");
    }

    @Test
    void aBadEcnModeIsNamedWithTheAllowedValues() {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "transfer", "--ecn", "accurate");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err()).contains("--ecn").contains("off, classic, accecn");
    }
}
