package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    /**
     * TCP Prague over AccECN through a step marker at K = 20 packets, 100 Mbit/s, 20 ms: every
     * data byte leaves ECT(1), the L4S identifier, and arrives ECT(1) or CE. Before its RTT
     * independence (500 rounds, 10 s here) Prague answers a step marker as DCTCP does, so the
     * queue saws between K + 1 − A and K + 1 packets with A = ½√(2(C·RTT + K)) = 9.7 (SIGCOMM 2010
     * §3.3, C·RTT = 167 packets of 1500 bytes): from 2 s on, the smoothed RTT less the 20 ms
     * base, the queueing delay the sender saw, lies between those two in packet times (0.12 ms).
     */
    @Test
    void pragueOverAccEcnSendsEct1AndHoldsTheQueueNearTheStep(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.csv");
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "transfer", "--bytes", "64MiB", "--rate", "100Mbit",
                "--rtt", "20ms", "--ecn-threshold", "20p", "--ecn", "accecn", "--cc", "prague", "--seed", "7", "--json",
                "--trace", trace.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = JSON.readTree(cli.out());
        assertThat(r.get("sha256Received").asText()).isEqualTo(r.get("sha256Sent").asText());
        assertThat(r.get("ecn").asText()).isEqualTo("accecn");
        JsonNode receiver = r.get("receiverAccEcn");
        assertThat(receiver.get("receivedEct0Bytes").asLong()).isZero();
        assertThat(receiver.get("receivedEct1Bytes").asLong() + receiver.get("receivedCeBytes").asLong())
                .isEqualTo(64L << 20);
        assertThat(r.get("links").get("forward").get("ceMarked").asLong()).isPositive();
        assertThat(r.get("segmentsRetransmitted").asLong()).isZero();
        double packetMs = 1500 * 8 / 100e6 * 1000;
        double swing = 0.5 * Math.sqrt(2 * (100e6 / 8 * 0.020 / 1500 + 20));
        double queueMs = meanSrttMsFrom(trace, 2.0) - 20;
        assertThat(queueMs).isBetween((21 - swing) * packetMs, 21 * packetMs);
    }

    /**
     * Issue 18's acceptance: {@code transfer --ecn accecn --aqm dualpi2 --cc prague} negotiates
     * AccECN (the JSON says so), every byte leaves ECT(1) and so goes to DualPI2's L queue, which
     * marks (its native step at 1 ms) and never drops; its sojourn's 99th percentile stays within
     * the step and two packet times (0.12 ms each at 100 Mbit/s: DCTCP's peak K + N with N = 1, and
     * the packet on the wire, SIGCOMM 2010 §3.3), and nothing goes to the classic queue.
     */
    @Test
    void pragueThroughDualPi2NegotiatesAccEcnAndStaysInTheL4sQueue() throws Exception {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "transfer", "--bytes", "64MiB", "--rate", "100Mbit",
                "--rtt", "20ms", "--aqm", "dualpi2", "--ecn", "accecn", "--cc", "prague", "--seed", "7", "--json");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = JSON.readTree(cli.out());
        assertThat(r.get("sha256Received").asText()).isEqualTo(r.get("sha256Sent").asText());
        assertThat(r.get("ecn").asText()).isEqualTo("accecn");
        assertThat(r.get("receiverAccEcn").get("receivedEct0Bytes").asLong()).isZero();
        JsonNode link = r.get("links").get("forward");
        assertThat(link.get("queue").asText()).startsWith("dualpi2:");
        JsonNode dual = link.get("dualQueue");
        assertThat(dual.get("l4sMarked").asLong()).isEqualTo(link.get("ceMarked").asLong()).isPositive();
        assertThat(dual.get("l4sDropped").asLong() + dual.get("classicMarked").asLong()
                + dual.get("classicDropped").asLong()).isZero();
        double packetNanos = 1500 * 8 / 100e6 * 1e9;
        assertThat(link.get("sojourn").get("p99Nanos").asDouble()).isLessThanOrEqualTo(1e6 + 2 * packetNanos);
        assertThat(r.get("segmentsRetransmitted").asLong()).isZero();
    }

    /** The mean smoothed RTT the sender's ACK rows show from {@code fromSeconds} on. */
    private static double meanSrttMsFrom(Path trace, double fromSeconds) throws Exception {
        List<String> lines = Files.readAllLines(trace);
        List<String> header = List.of(lines.get(0).split(","));
        int time = header.indexOf("time_s");
        int srtt = header.indexOf("srtt_ms");
        int event = header.indexOf("event");
        return lines.stream().skip(1).map(l -> l.split(",", -1))
                .filter(f -> f[event].equals("ACK") && Double.parseDouble(f[time]) >= fromSeconds)
                .mapToDouble(f -> Double.parseDouble(f[srtt])).average().orElseThrow();
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
