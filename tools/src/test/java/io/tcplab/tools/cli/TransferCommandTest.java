package io.tcplab.tools.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceRecord;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TransferCommandTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void aLossyLongPathGetsTimeForTheMathisRate() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(8 * MIB));
        Cli cli = Cli.run(engine, "transfer", "--bytes", "8MiB", "--rtt", "100ms", "--loss", "1%");
        assertThat(cli.exitCode()).isZero();
        // Mathis: 1448 B * 8 / 0.1 s * sqrt(1.5 / 0.01) = 1.4187 Mbit/s, far below 100 Mbit/s
        double mathisBitsPerSec = 1448 * 8 / 0.1 * Math.sqrt(150);
        double expectedSeconds = 10 * (8 * MIB * 8 / mathisBitsPerSec + 0.1) + 60;
        assertThat(engine.spec.timeLimitNanos() / 1e9).isCloseTo(expectedSeconds, org.assertj.core.data.Offset.offset(1e-3));
    }

    @Test
    void defaultsDescribeA100MbitPathWith20msRtt() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(64 * MIB));
        Cli cli = Cli.run(engine, "transfer");

        assertThat(cli.exitCode()).isZero();
        TransferSpec spec = engine.spec;
        assertThat(spec.bytes()).isEqualTo(64 * MIB);
        assertThat(spec.forward().rateBitsPerSec()).isEqualTo(100_000_000);
        assertThat(spec.reverse().rateBitsPerSec()).isEqualTo(100_000_000);
        assertThat(spec.forward().delayNanos() + spec.reverse().delayNanos()).isEqualTo(20_000_000);
        assertThat(spec.forward().queueLimit()).isEqualTo(Limit.bytes(250_000)); // 100 Mbit/s x 20 ms
        assertThat(spec.forward().lossProbability()).isZero();
        assertThat(spec.forwardSchedule().changes()).isEmpty();
        assertThat(spec.seed()).isEqualTo(1);
        assertThat(spec.options().congestionControl).isEqualTo("reno");
        assertThat(spec.options().sack).isTrue();
        assertThat(spec.options().timestamps).isTrue();
        assertThat(spec.options().windowScale).isTrue();
        assertThat(spec.options().ecn).isFalse();
        assertThat(spec.options().sendBufferBytes).isEqualTo(4 * MIB);
        assertThat(spec.initialIsn()).isEqualTo(-1);
        // 10 x (64 MiB at 100 Mbit/s + 20 ms) + 60 s
        assertThat(spec.timeLimitNanos()).isCloseTo(10 * (64 * MIB * 8 * 10L + 20_000_000L) + 60_000_000_000L,
                org.assertj.core.data.Offset.offset(1_000L));
        assertThat(engine.trace).isNull();
    }

    @Test
    void optionsReachTheSpec() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(1_500_000_000L));
        Cli cli = Cli.run(engine, "transfer", "--bytes", "1.5GB", "--rate", "1Gbit", "--rtt", "21ns",
                "--queue", "100p", "--loss", "1%", "--loss-every", "100", "--reorder", "0.02", "--dup", "0.03",
                "--corrupt", "0.04", "--ecn-threshold", "30p", "--at", "delay=1s@10s", "--at", "delay=10ms@11s,rate=50Mbit@11s",
                "--seed", "-7", "--no-sack", "--no-timestamps", "--no-window-scale", "--ecn", "--buffer", "8MiB",
                "--isn", "4294967295", "--time-limit", "90");

        assertThat(cli.exitCode()).isZero();
        TransferSpec spec = engine.spec;
        assertThat(spec.bytes()).isEqualTo(1_500_000_000L);
        assertThat(spec.forward().delayNanos()).isEqualTo(10);
        assertThat(spec.reverse().delayNanos()).isEqualTo(11);
        assertThat(spec.forward().queueLimit()).isEqualTo(Limit.packets(100));
        assertThat(spec.reverse().queueLimit()).isEqualTo(Limit.packets(100));
        assertThat(spec.forward().lossProbability()).isEqualTo(0.01);
        assertThat(spec.forward().lossEvery()).isEqualTo(100);
        assertThat(spec.forward().reorderProbability()).isEqualTo(0.02);
        assertThat(spec.forward().duplicateProbability()).isEqualTo(0.03);
        assertThat(spec.forward().corruptProbability()).isEqualTo(0.04);
        assertThat(spec.forward().ecnThreshold()).isEqualTo(Limit.packets(30));
        assertThat(spec.reverse().lossProbability()).as("impairments are on the data direction only").isZero();
        assertThat(spec.reverse().ecnThreshold()).isNull();
        assertThat(spec.forwardSchedule().changes()).containsExactly(
                new LinkSchedule.Change(10_000_000_000L, "delay", "1s"),
                new LinkSchedule.Change(11_000_000_000L, "delay", "10ms"),
                new LinkSchedule.Change(11_000_000_000L, "rate", "50Mbit"));
        assertThat(spec.seed()).isEqualTo(-7);
        assertThat(spec.options().sack).isFalse();
        assertThat(spec.options().timestamps).isFalse();
        assertThat(spec.options().windowScale).isFalse();
        assertThat(spec.options().ecn).isTrue();
        assertThat(spec.options().sendBufferBytes).isEqualTo(8 * MIB);
        assertThat(spec.initialIsn()).isEqualTo(4_294_967_295L);
        assertThat(spec.timeLimitNanos()).isEqualTo(90_000_000_000L);
    }

    @Test
    void theDefaultBufferGrowsWithThePath() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(64 * MIB));
        Cli.run(engine, "transfer", "--rate", "1Gbit", "--rtt", "100ms");
        // BDP 12.5 MB; the queue defaults to one BDP; the buffer to 2 x BDP + queue.
        assertThat(engine.spec.forward().queueLimit()).isEqualTo(Limit.bytes(12_500_000));
        assertThat(engine.spec.options().sendBufferBytes).isEqualTo(37_500_000);
    }

    @Test
    void textReportShowsTheResult() {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--bytes", "1000");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("1000 sent, 1000 received, streams equal", FakeEngine.DIGEST,
                "95.50 Mbit/s", "3 retransmitted", "0 RTOs, 1 fast recoveries", "5.750 s simulated",
                "2400 data packets emulated per wall second", "cwnd 250000 B, srtt 21.500 ms", "queue 3",
                "link forward", "offered 1200 (1800000 B), delivered 1188", "queue-dropped 7",
                "lost 2 (loss) + 3 (loss-every)", "max queue 84 p / 126000 B");
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void quietPrintsNothing() {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--bytes", "1000", "--quiet");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void jsonIsOneObjectWithTheResultAndTheSpec() throws IOException {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--bytes", "1000", "--json",
                "--at", "delay=1s@10s", "--cc", "reno");

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out().lines()).hasSize(1);
        JsonNode json = new ObjectMapper().readTree(cli.out());
        String[] resultFields = Arrays.stream(TransferResult.class.getRecordComponents())
                .map(RecordComponent::getName).toArray(String[]::new);
        assertThat(json.fieldNames()).toIterable().containsExactlyInAnyOrder(append(resultFields, "spec"));
        assertThat(json.get("bytesReceived").asLong()).isEqualTo(1000);
        assertThat(json.get("drops").get("queue").asLong()).isEqualTo(3);
        JsonNode forward = json.get("links").get("forward");
        assertThat(forward.get("queueDropped").asLong()).isEqualTo(7);
        assertThat(forward.get("lostEvery").asLong()).isEqualTo(3);
        assertThat(forward.get("maxQueueBytes").asLong()).isEqualTo(126_000);

        JsonNode spec = json.get("spec");
        String[] specFields = Arrays.stream(TransferSpec.class.getRecordComponents())
                .map(RecordComponent::getName).toArray(String[]::new);
        assertThat(spec.fieldNames()).toIterable().containsExactlyInAnyOrder(specFields);
        assertThat(spec.get("bytes").asLong()).isEqualTo(1000);
        assertThat(spec.get("forward").get("delayNanos").asLong()).isEqualTo(10_000_000);
        assertThat(spec.get("forward").get("queueLimit").asText()).isEqualTo("250000B");
        assertThat(spec.get("forward").get("ecnThreshold").isNull()).isTrue();
        assertThat(spec.get("forward").get("queueDiscipline").asText()).isEqualTo("droptail");
        assertThat(spec.get("forwardSchedule").get(0).get("atNanos").asLong()).isEqualTo(10_000_000_000L);
        assertThat(spec.get("forwardSchedule").get(0).get("value").asText()).isEqualTo("1s");
        JsonNode options = spec.get("options");
        assertThat(options.get("congestionControl").asText()).isEqualTo("reno");
        assertThat(options.get("profile").asText()).isEqualTo("today");
        assertThat(options.get("recovery").asText()).isEqualTo("rack");
        assertThat(options.get("spurious")).extracting(JsonNode::asText).containsExactly("eifel", "dsack", "frto");
        assertThat(options.get("pacing").asBoolean()).isFalse();
    }

    @Test
    void recoverySpuriousAndPacingReachTheOptions() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(1000));
        Cli cli = Cli.run(engine, "transfer", "--bytes", "1000", "--recovery", "teb:k=3,dd=timer", "--spurious", "off",
                "--pacing", "on");

        assertThat(cli.exitCode()).isZero();
        assertThat(engine.spec.options().recovery).isEqualTo("teb:k=3,dd=timer");
        assertThat(io.tcplab.stack.recovery.TebParameters.of(engine.spec.options().recovery)).isEqualTo(
                new io.tcplab.stack.recovery.TebParameters(3, 2, io.tcplab.stack.recovery.DoubleDropRule.TIMER));
        assertThat(engine.spec.options().spurious).isEmpty();
        assertThat(engine.spec.options().pacing).isTrue();
    }

    @Test
    void badRecoveryNamesTheAllowedValues() {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--recovery", "fast");

        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().strip()).contains("--recovery").contains("rack, rfc6675, teb").doesNotContain("\n");
        Cli badKey = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--recovery", "teb:dd=never");
        assertThat(badKey.exitCode()).isEqualTo(2);
        assertThat(badKey.errLines()).singleElement().asString().contains("--recovery")
                .contains("recovery parameter dd of teb must be one of evidence|timer|off, got 'never'");
    }

    @Test
    void aqmSetsTheDataDirectionsQueueDiscipline() {
        for (String aqm : new String[] {"codel", "fq_codel", "pie", "dualpi2"}) {
            FakeEngine engine = new FakeEngine(FakeEngine.success(1000));
            Cli cli = Cli.run(engine, "transfer", "--bytes", "1000", "--aqm", aqm);
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(engine.spec.forward().aqm().name()).isEqualTo(aqm);
            assertThat(engine.spec.reverse().aqm()).isNull();
        }
        FakeEngine engine = new FakeEngine(FakeEngine.success(1000));
        Cli.run(engine, "transfer", "--bytes", "1000", "--aqm", "codel:target=2ms,interval=40ms,ecn=on");
        assertThat(engine.spec.forward().queueDiscipline()).isEqualTo("codel:target=2ms,interval=40ms,ecn=on");
    }

    @Test
    void aqmRedIsRedOnTheDropTailQueue() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(1000));
        Cli cli = Cli.run(engine, "transfer", "--bytes", "1000", "--aqm", "red:min=5p,max=15p,ecn=on,above_max=drop",
                "--ecn-threshold", "30p");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(engine.spec.forward().red()).isEqualTo(new io.tcplab.tools.link.RedParams(Limit.packets(5),
                Limit.packets(15), 0.1, 0.002, true, io.tcplab.tools.link.RedParams.AboveMax.DROP, 1500));
        assertThat(engine.spec.forward().aqm()).isNull();
        assertThat(engine.spec.forward().ecnThreshold()).isEqualTo(Limit.packets(30));
    }

    @Test
    void aBadAqmIsOneLineNamingTheOptionAndWhatIsAllowed() {
        String[][] cases = {
                {"cobalt", "unknown AQM 'cobalt', allowed: droptail, red, codel, fq_codel, pie, dualpi2)"},
                {"codel:tagret=5ms", "unknown key 'tagret' for codel, allowed: target, interval, ecn)"},
                {"pie:ecn=yes", "pie ecn must be on or off, got 'yes'"},
                {"fq_codel:flows=0", "fq_codel flows must be a whole number from 1 to 65536, got '0'"},
                {"dualpi2:target=5 parsecs", "dualpi2 target: bad duration '5 parsecs'"},
                {"red:max=15p", "red needs min=SIZE"},
        };
        for (String[] c : cases) {
            Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--aqm", c[0]);
            assertThat(cli.exitCode()).as(c[0]).isEqualTo(2);
            assertThat(cli.errLines()).as(c[0]).singleElement().asString()
                    .startsWith("tcplab transfer: --aqm must be NAME[:key=value,...] with NAME one of droptail, red,")
                    .contains(c[1]);
        }
    }

    @Test
    void anAqmOfItsOwnQueuesCannotTakeTheStepMarker() {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--aqm", "codel", "--ecn-threshold", "30p");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString()
                .contains("--ecn-threshold marks the drop-tail queue and cannot be combined with --aqm codel");
        Cli scheduled = Cli.run(new FakeEngine(FakeEngine.success(1000)), "transfer", "--aqm", "pie", "--at", "ecn=30p@1s");
        assertThat(scheduled.exitCode()).isEqualTo(2);
        assertThat(scheduled.errLines()).singleElement().asString().contains("--aqm pie");
    }

    @Test
    void eachAqmRunsAnEmulatedTransfer() {
        for (String aqm : new String[] {"codel", "fq_codel", "pie", "dualpi2"}) {
            Cli cli = Cli.run(TransferCommand.DEFAULT_ENGINE, "transfer", "--bytes", "2MiB", "--aqm", aqm);
            assertThat(cli.exitCode()).as(aqm + ": " + cli.err()).isZero();
            assertThat(cli.out()).contains("streams equal").contains("queue forward    " + aqm + ":");
        }
    }

    private static String[] append(String[] names, String last) {
        String[] all = Arrays.copyOf(names, names.length + 1);
        all[names.length] = last;
        return all;
    }

    @Test
    void differentStreamsExitWithOneAndOneLine() {
        TransferResult corrupted = new TransferResult(true, 1000, 1000, FakeEngine.DIGEST, "cd".repeat(32),
                1e6, 10, 0, 0, 0, 0, 1, 1, 1, 10, 1460, 20, Map.of(), Map.of());
        Cli cli = Cli.run(new FakeEngine(corrupted), "transfer", "--bytes", "1000", "--quiet");
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.errLines()).singleElement().asString()
                .startsWith("tcplab transfer: streams differ: sent 1000 bytes");
    }

    @Test
    void anIncompleteTransferExitsWithOne() {
        TransferResult cutShort = new TransferResult(false, 1000, 400, FakeEngine.DIGEST, "cd".repeat(32),
                1e6, 10, 0, 5, 0, 0, 90, 1, 1, 10, 1460, 20, Map.of(), Map.of());
        Cli cli = Cli.run(new FakeEngine(cutShort), "transfer", "--bytes", "1000");
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.out()).contains("STREAMS DIFFER");
        assertThat(cli.errLines()).singleElement().asString()
                .isEqualTo("tcplab transfer: transfer incomplete: 400 of 1000 bytes arrived in 90.000 simulated seconds");
    }

    @Test
    void jsonAndQuietTogetherAreABadCommandLine() {
        Cli cli = Cli.run(new FakeEngine(FakeEngine.success(1)), "transfer", "--json", "--quiet");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().contains("--json", "--quiet");
    }

    @Test
    void traceGoesToTheCsvFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace.csv");
        TransferEngine tracing = (spec, trace) -> {
            TraceRecord r = new TraceRecord();
            r.event = TraceEvent.RTO;
            trace.onTrace(r);
            return FakeEngine.success(spec.bytes());
        };
        Cli cli = Cli.run(tracing, "transfer", "--bytes", "10", "--quiet", "--trace", file.toString());
        assertThat(cli.exitCode()).isZero();
        assertThat(Files.readAllLines(file)).hasSize(2).element(1).asString().contains(",RTO,");
    }

    @Test
    void anUnwritableTraceFileIsABadOption(@TempDir Path dir) {
        FakeEngine engine = new FakeEngine(FakeEngine.success(1));
        Cli cli = Cli.run(engine, "transfer", "--trace", dir.resolve("missing/trace.csv").toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("tcplab transfer: --trace cannot write");
        assertThat(engine.spec).as("checked before the run starts").isNull();
    }

    @Test
    void aRunThatThrowsExitsWithOne() {
        Cli cli = Cli.run((spec, trace) -> {
            throw new IllegalStateException("boom");
        }, "transfer");
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).startsWith("tcplab transfer: run failed: java.lang.IllegalStateException: boom");
    }

    /** Sizes as docs/cli.md states them (ByteSizes): iperf3's bare M is binary, and --help says so. */
    @Test
    void bytesTakeSizesAndHelpStatesTheRule() {
        FakeEngine engine = new FakeEngine(FakeEngine.success(64L << 20));
        Cli ok = Cli.run(engine, "transfer", "--bytes", "64M");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(engine.spec.bytes()).isEqualTo(64L << 20);

        Cli help = Cli.run(null, "transfer", "--help");
        assertThat(help.out().replaceAll("\\s+", " "))
                .contains("KiB, MiB, GiB, or iperf3's K, M, G (powers of 1024)");
        Cli bad = Cli.run(null, "transfer", "--bytes", "64T");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("64M");
    }
}
