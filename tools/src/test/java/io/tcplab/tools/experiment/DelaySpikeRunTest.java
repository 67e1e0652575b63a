package io.tcplab.tools.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.recovery.DoubleDropRule;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment's mechanics on a short run: the spike happens where it should, numbers add up. */
class DelaySpikeRunTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private static DelaySpikeSpec spec(SpikeKind kind) {
        return spec(kind, SpikeDirection.DATA);
    }

    private static DelaySpikeSpec spec(SpikeKind kind, SpikeDirection direction) {
        return new DelaySpikeSpec(10_000_000, 100 * MS, Limit.bytes(125_000), SECOND, 500 * MS, SECOND,
                List.of(kind), direction, 4 * SECOND, List.of(Variant.SACK), 1, ConnectionOptions.builder().build(), null);
    }

    @Test
    void eachKindMakesItsSchedule() {
        DelaySpikeSpec spec = spec(SpikeKind.STALL);
        assertThat(spec.forwardSchedule(SpikeKind.STALL).changes()).containsExactly(
                new LinkSchedule.Change(SECOND, "stall", 500 * MS + "ns"));
        assertThat(spec.forwardSchedule(SpikeKind.DELAY).changes()).containsExactly(
                new LinkSchedule.Change(SECOND, "delay", SECOND + "ns"),
                new LinkSchedule.Change(1500 * MS, "delay", 50 * MS + "ns"));
        assertThat(spec.reverseSchedule(SpikeKind.DELAY).changes()).as("the ACK link is left alone").isEmpty();
    }

    @Test
    void theDirectionSaysWhichLinksTheSpikeChanges() {
        LinkSchedule delay = spec(SpikeKind.DELAY).forwardSchedule(SpikeKind.DELAY);
        DelaySpikeSpec ack = spec(SpikeKind.DELAY, SpikeDirection.ACK);
        assertThat(ack.forwardSchedule(SpikeKind.DELAY).changes()).isEmpty();
        assertThat(ack.reverseSchedule(SpikeKind.DELAY)).isEqualTo(delay);
        DelaySpikeSpec both = spec(SpikeKind.DELAY, SpikeDirection.BOTH);
        assertThat(both.forwardSchedule(SpikeKind.DELAY)).isEqualTo(delay);
        assertThat(both.reverseSchedule(SpikeKind.DELAY)).isEqualTo(delay);
        assertThat(SpikeDirection.byLabel("Both")).isEqualTo(SpikeDirection.BOTH);
    }

    /**
     * Seed 002's delay spike (1 s of 1 s one-way delay, per packet) on a short run, through the
     * emulator: TEB with and without Eifel declares no double drop from the spike's start to 3 s
     * after it, whether the spike is on the data link or on both; under {@code dd=timer}, the rule
     * before issue 15, the same runs do.
     */
    @Test
    void tebDeclaresNoDoubleDropInALossFreeDelaySpike() {
        for (SpikeDirection direction : List.of(SpikeDirection.DATA, SpikeDirection.BOTH)) {
            for (Variant variant : List.of(Variant.TEB, Variant.TEB_EIFEL)) {
                assertThat(doubleDropsInSpike(direction, variant, TebParameters.DEFAULT))
                        .as("%s, spike on %s", variant.label(), direction.label()).isZero();
                assertThat(doubleDropsInSpike(direction, variant, new TebParameters(2, 2, DoubleDropRule.TIMER)))
                        .as("%s with dd=timer, spike on %s", variant.label(), direction.label()).isPositive();
            }
        }
    }

    private static long doubleDropsInSpike(SpikeDirection direction, Variant variant, TebParameters teb) {
        long spikeAt = 4 * SECOND;
        DelaySpikeSpec spec = new DelaySpikeSpec(10_000_000, 100 * MS, Limit.bytes(125_000), spikeAt, SECOND, SECOND,
                List.of(SpikeKind.DELAY), direction, 8 * SECOND, List.of(variant), 1,
                ConnectionOptions.builder().congestionControl("reno").build(), teb);
        Series drops = BulkFlowRun.run(spec, SpikeKind.DELAY, variant).log().doubleDropped;
        long inSpike = 0;
        for (int i = 0; i < drops.size(); i++) {
            if (drops.time(i) >= spikeAt && drops.time(i) < spikeAt + 3 * SECOND) {
                inSpike++;
            }
        }
        return inSpike;
    }

    @Test
    void duringAStallNoAckArrivesOnceTheLastPacketOnTheWireIsAcked() {
        DelaySpikeSpec spec = spec(SpikeKind.STALL);
        VariantRun run = BulkFlowRun.run(spec, SpikeKind.STALL, Variant.SACK);
        Series acked = run.log().acked;
        int during = 0;
        int before = 0;
        for (int i = 0; i < acked.size(); i++) {
            long t = acked.time(i);
            if (t > SECOND + 100 * MS + MS && t < 1500 * MS) {
                during++;
            } else if (t > 900 * MS && t < SECOND) {
                before++;
            }
        }
        assertThat(before).as("ACKs flowed before the stall").isPositive();
        assertThat(during).isZero();
        assertThat(run.result().cwndPreSpikeBytes()).isEqualTo(run.log().cwndAt(SECOND)).isPositive();
    }

    @Test
    void goodputIsBoundedByTheRateAndTheSameSeedGivesTheSameRow() {
        DelaySpikeSpec spec = spec(SpikeKind.DELAY);
        VariantResult first = BulkFlowRun.run(spec, SpikeKind.DELAY, Variant.SACK).result();
        assertThat(first.goodputMbps()).isBetween(1.0, 10.0);
        assertThat(first.spikeGoodputMbps()).isBetween(0.0, 10.0);
        assertThat(first.kind()).isEqualTo("delay");
        assertThat(first.variant()).isEqualTo("sack");
        assertThat(BulkFlowRun.run(spec, SpikeKind.DELAY, Variant.SACK).result()).isEqualTo(first);
    }

    @Test
    void variantsCarryTheirOptions() {
        ConnectionOptions base = ConnectionOptions.builder().congestionControl("reno").build();
        ConnectionOptions teb = Variant.TEB_EIFEL.applyTo(base, new TebParameters(3, 2, DoubleDropRule.TIMER));
        assertThat(teb.recovery).isEqualTo("teb:k=3,backoff=2,dd=timer");
        assertThat(teb.spurious).containsExactly("eifel");
        assertThat(teb.congestionControl).isEqualTo("reno");
        assertThat(Variant.SACK.applyTo(base, TebParameters.DEFAULT).recovery).isEqualTo("rfc6675");
        assertThat(Variant.SACK.applyTo(base, TebParameters.DEFAULT).spurious).isEmpty();
        assertThat(Variant.RACK.applyTo(base, TebParameters.DEFAULT).spurious).hasSize(3);
        assertThat(Variant.byLabel("sack-eifel")).isEqualTo(Variant.SACK_EIFEL);
    }
}
