package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.experiment.VariantResult;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment at reduced size (4 s, a 0.5 s spike at 1 s, two variants): its outputs and its errors. */
class DelaySpikeCommandTest {
    private static final String[] SMALL = {"experiment", "delay-spike", "--duration", "4s", "--spike-at", "1s",
        "--spike-duration", "0.5s", "--variants", "sack,teb"};

    private static Cli run(String... more) {
        String[] args = java.util.Arrays.copyOf(SMALL, SMALL.length + more.length);
        System.arraycopy(more, 0, args, SMALL.length, more.length);
        return Cli.run(TransferCommand.DEFAULT_ENGINE, args);
    }

    @Test
    void jsonCsvAndPlotsForBothKindsOfSpike(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("plots");
        Path csv = dir.resolve("csv");
        Cli cli = run("--json", "--out", out.toString(), "--csv", csv.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).isEmpty();

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("experiment").asText()).isEqualTo("delay-spike");
        assertThat(json.get("spec").get("queue").asText()).isEqualTo("125000B"); // one BDP of 10 Mbit/s x 100 ms
        JsonNode rows = json.get("rows");
        assertThat(rows).hasSize(4);
        for (JsonNode row : rows) {
            assertThat(row.fieldNames()).toIterable().containsExactly(VariantResult.COLUMNS);
            assertThat(row.get("goodputMbps").asDouble()).isBetween(0.5, 10.0);
        }
        assertThat(rows).extracting(r -> r.get("kind").asText() + "/" + r.get("variant").asText())
                .containsExactly("stall/sack", "stall/teb", "delay/sack", "delay/teb");

        for (String name : List.of("cwnd-stall.png", "tseq-stall.png", "cwnd-delay.png", "tseq-delay.png")) {
            BufferedImage image = ImageIO.read(out.resolve(name).toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).isGreaterThan(500);
        }

        List<String> table = Files.readAllLines(csv.resolve("table.csv"));
        assertThat(table.get(0)).isEqualTo(String.join(",", VariantResult.COLUMNS));
        assertThat(table).hasSize(5);
        for (String trace : List.of("cwnd-stall-sack.csv", "cwnd-stall-teb.csv", "cwnd-delay-sack.csv",
                "cwnd-delay-teb.csv")) {
            List<String> lines = Files.readAllLines(csv.resolve(trace));
            assertThat(lines.get(0)).isEqualTo("time_s,cwnd,ssthresh");
            assertThat(lines).hasSizeGreaterThan(10);
            List<Double> times = lines.subList(1, lines.size()).stream()
                    .map(l -> Double.parseDouble(l.split(",")[0])).toList();
            assertThat(times).isSorted().allMatch(t -> t >= 0 && t <= 4.0);
        }
    }

    /** --pacing and --receiver-profile reach the sender and the receiver, and the header and JSON name them. */
    @Test
    void pacingAndTheReceiversProfileAreNamed(@TempDir Path dir) throws IOException {
        Cli text = run("--spike-kind", "delay", "--pacing", "on", "--receiver-profile", "linux", "--out", dir.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("seed 1, reno, teb:k=2,backoff=2,dd=evidence, tcplab paced, receiver profile linux");
        Cli json = run("--spike-kind", "delay", "--json", "--out", dir.toString());
        JsonNode spec = new ObjectMapper().readTree(json.out()).get("spec");
        assertThat(spec.get("pacing").asBoolean()).isFalse();
        assertThat(spec.get("receiverProfile").asText()).isEqualTo("today");
    }

    @Test
    void theTextTableHasARowPerVariantUnderItsKind(@TempDir Path dir) {
        Cli cli = run("--spike-kind", "stall", "--out", dir.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("10 Mbit/s, 100 ms RTT, queue 125000B each way, 4 s of bulk data, seed 1, reno, "
                        + "teb:k=2,backoff=2,dd=evidence",
                "stall: the data and ACK links held for 0.500 s at 1 s").doesNotContain("delay: ");
        assertThat(cli.out().lines().filter(l -> l.startsWith("sack ") || l.startsWith("teb "))).hasSize(2);
        assertThat(dir.resolve("cwnd-stall.png")).exists();
        assertThat(dir.resolve("cwnd-delay.png")).doesNotExist();
    }

    @Test
    void badValuesAreOneLineNamingTheOptionAndWhatItTakes() {
        assertThat(run("--spike-kind", "spike").errLines()).containsExactly(
                "tcplab experiment delay-spike: --spike-kind must be stall, delay or both, got 'spike'");
        Cli unknown = run("--variants", "sack,vegas");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString()
                .startsWith("tcplab experiment delay-spike: --variants must be a comma-separated list of sack, "
                        + "sack-eifel, teb, teb-eifel, rack");
        assertThat(run("--variants", "teb,teb").exitCode()).isEqualTo(2);
        Cli kernel = run("--variants", "rack,kernel");
        assertThat(kernel.exitCode()).isEqualTo(2);
        assertThat(kernel.errLines()).containsExactly("tcplab experiment delay-spike: --variants kernel needs --real "
                + "(the kernel's TCP runs only over real devices); without it choose from sack, sack-eifel, teb, "
                + "teb-eifel, rack");
        Cli late = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "delay-spike", "--spike-at", "29.5s");
        assertThat(late.exitCode()).isEqualTo(2);
        assertThat(late.errLines()).containsExactly("tcplab experiment delay-spike: --spike-at plus --spike-duration "
                + "(30.500 s) must end before --duration (30.000 s)");
        assertThat(run("--rate", "0").errLines()).singleElement().asString().contains("--rate must be a rate above 0");
        assertThat(run("--spike-duration", "0").errLines()).singleElement().asString().contains("--spike-duration");
        assertThat(run("--pacing", "maybe").errLines()).singleElement().asString().contains("--pacing");
        assertThat(run("--real", "--receiver-profile", "linux").errLines()).containsExactly("tcplab experiment "
                + "delay-spike: --receiver-profile needs the emulator: with --real the receiver is the kernel");
        assertThat(run("--spike-direction", "up").errLines()).containsExactly(
                "tcplab experiment delay-spike: --spike-direction must be data, ack or both, got 'up'");
        assertThat(run("--teb", "k=0").errLines()).containsExactly("tcplab experiment delay-spike: --teb must be TEB's "
                + "parameters like k=2,backoff=2,dd=evidence|timer|off, got 'k=0' (recovery parameter k of teb must be "
                + "[1, 16], got '0')");
    }

    @Test
    void anOutputDirectoryThatCannotBeMadeIsABadOptionFoundBeforeRunning(@TempDir Path dir) throws IOException {
        Path file = Files.createFile(dir.resolve("file"));
        Cli cli = run("--out", file.resolve("sub").toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString()
                .startsWith("tcplab experiment delay-spike: --out cannot write");
    }

    @Test
    void experimentWithoutASubcommandPointsAtTheList() {
        Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly(
                "tcplab experiment: Missing required subcommand; see 'tcplab experiment --help'");
    }
}
