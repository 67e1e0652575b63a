package io.tcplab.examples.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example detector chosen by its spec in {@code tcplab transfer}, over the emulated 100 Mbit/s,
 * 20 ms path with 1 % random loss forward (virtual time, seeded, so the run is the same each time).
 */
class SrttMultipleEmulationTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aLossyTransferCompletesWithTheLossesFoundByTheExampleDetector(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.csv");
        Cli cli = Cli.run("transfer", "--recovery", "srtt-multiple:k=2", "--loss", "1%", "--bytes", "4MiB",
                "--json", "--trace", trace.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode r = JSON.readTree(cli.out());
        assertThat(r.get("complete").asBoolean()).isTrue();
        assertThat(r.get("bytesReceived").asLong()).isEqualTo(4L << 20);
        assertThat(r.get("sha256Received").asText()).isEqualTo(r.get("sha256Sent").asText());
        assertThat(r.path("spec").path("options").path("recovery").asText()).isEqualTo("srtt-multiple:k=2");

        long dropped = r.path("links").path("forward").path("lostRandom").asLong();
        long marked = Cli.lossesMarkedBy(trace, "srtt-multiple");
        assertThat(dropped).as("the link really lost segments").isPositive();
        // Every drop is a first transmission the detector sees age past 2 x SRTT; the RTO or a
        // probe may find a few instead, but most must be its own marks, and RACK's none.
        assertThat(marked).as("segments srtt-multiple marked lost, of %d dropped", dropped)
                .isGreaterThanOrEqualTo(dropped * 9 / 10);
        assertThat(Cli.lossesMarkedBy(trace, "rack")).isZero();
        assertThat(r.get("segmentsRetransmitted").asLong()).isGreaterThanOrEqualTo(dropped);
    }

    @Test
    void anUnknownSpecIsOneLineAndExitTwo() {
        Cli cli = Cli.run("transfer", "--recovery", "srtt-multipel:k=2", "--bytes", "1MiB");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString()
                .contains("unknown recovery 'srtt-multipel'").contains("srtt-multiple");
    }
}
