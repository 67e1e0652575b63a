package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void durations() {
        assertThat(Units.parseDurationNanos("10ms")).isEqualTo(10_000_000L);
        assertThat(Units.parseDurationNanos("1s")).isEqualTo(1_000_000_000L);
        assertThat(Units.parseDurationNanos("250us")).isEqualTo(250_000L);
        assertThat(Units.parseDurationNanos("1.5ms")).isEqualTo(1_500_000L);
        assertThat(Units.parseDurationNanos("0")).isZero();
        assertThatThrownBy(() -> Units.parseDurationNanos("10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'10'").hasMessageContaining("ns, us, ms or s");
    }

    @Test
    void rates() {
        assertThat(Units.parseRateBitsPerSec("1Gbit")).isEqualTo(1_000_000_000L);
        assertThat(Units.parseRateBitsPerSec("100Mbit")).isEqualTo(100_000_000L);
        assertThat(Units.parseRateBitsPerSec("64kbit")).isEqualTo(64_000L);
        assertThatThrownBy(() -> Units.parseRateBitsPerSec("10MB/s"))
                .hasMessageContaining("kbit, Mbit or Gbit");
    }

    @Test
    void sizes() {
        assertThat(Units.parseLimit("64KiB")).isEqualTo(Limit.bytes(65536));
        assertThat(Units.parseLimit("1500B")).isEqualTo(Limit.bytes(1500));
        assertThat(Units.parseLimit("100p")).isEqualTo(Limit.packets(100));
        assertThat(Units.parseLimit("none")).isEqualTo(Limit.NONE);
        assertThatThrownBy(() -> Units.parseLimit("64k")).hasMessageContaining("KiB");
    }

    @Test
    void probabilities() {
        assertThat(Units.parseProbability("0.01")).isEqualTo(0.01);
        assertThat(Units.parseProbability("1%")).isEqualTo(0.01);
        assertThatThrownBy(() -> Units.parseProbability("2")).hasMessageContaining("0 to 1");
    }

    @Test
    void linkParamsFromText() {
        LinkParams p = LinkParams.parse("rate=100Mbit, delay=10ms, queue=100p, loss=1%, ecn=20p");
        assertThat(p.rateBitsPerSec()).isEqualTo(100_000_000L);
        assertThat(p.delayNanos()).isEqualTo(10_000_000L);
        assertThat(p.queueLimit()).isEqualTo(Limit.packets(100));
        assertThat(p.lossProbability()).isEqualTo(0.01);
        assertThat(p.ecnThreshold()).isEqualTo(Limit.packets(20));
        assertThatThrownBy(() -> LinkParams.parse("latency=1ms"))
                .hasMessageContaining("unknown link setting 'latency'").hasMessageContaining("delay");
        assertThatThrownBy(() -> LinkParams.of().setLossEvery(1)).hasMessageContaining("at least 2");
    }

    @Test
    void schedules() {
        LinkSchedule schedule = LinkSchedule.parse("delay=50ms@11s, delay=1s@10s");
        assertThat(schedule.changes()).containsExactly(
                new LinkSchedule.Change(10_000_000_000L, "delay", "1s"),
                new LinkSchedule.Change(11_000_000_000L, "delay", "50ms"));
        assertThatThrownBy(() -> LinkSchedule.parse("delay=1s")).hasMessageContaining("key=value@time");
        assertThatThrownBy(() -> LinkSchedule.parse("delay=fast@1s")).hasMessageContaining("bad duration 'fast'");
    }
}
