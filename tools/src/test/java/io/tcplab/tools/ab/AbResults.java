package io.tcplab.tools.ab;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.List;

/** A/B results made up for tests of the report and the command; no namespaces. */
public final class AbResults {
    private static final long MS = 1_000_000L;

    private AbResults() {
    }

    /** Kernel reno against tcplab reno over 100 Mbit/s, 20 ms, 0.5 % loss; nothing lost outside the link. */
    public static AbResult sample() {
        return withOutsideDrops(noDrops(), noDrops());
    }

    /** The same with these drops outside the link for the kernel's run and tcplab's. */
    public static AbResult withOutsideDrops(OutsideDrops kernelDrops, OutsideDrops tcplabDrops) {
        LinkParams fwd = LinkParams.of().setRateBitsPerSec(100_000_000L).setDelayNanos(10 * MS)
                .setQueueLimit(Limit.bytes(250_000)).setLossProbability(0.005);
        LinkParams rev = LinkParams.of().setRateBitsPerSec(100_000_000L).setDelayNanos(10 * MS)
                .setQueueLimit(Limit.bytes(250_000));
        AbSpec spec = new AbSpec(16 << 20, ConnectionOptions.defaults(), fwd, rev, new LinkSchedule(List.of()),
                new LinkSchedule(List.of()), 1, 1500, 100 * MS, 60_000 * MS, 5201);
        RunResult kernel = new RunResult("kernel", "reno", 16 << 20, 1_500 * MS, 343, 317_112, 1448, List.of(
                new Sample(100 * MS, 14480, 0, 0, 0),
                new Sample(200 * MS, 200_000, 40 * MS, 0, 1_000_000),
                new Sample(300 * MS, 300_000, 20 * MS, 343, 2_000_000)), 12_000, 340, kernelDrops,
                new EcnCounts(false, 0, 0, 0));
        RunResult tcplab = new RunResult("tcplab", "reno", 16 << 20, 2_000 * MS, 779, 454_672, 1448, List.of(
                new Sample(50 * MS, 100_000, 30 * MS, 0, 0),
                new Sample(150 * MS, 500_000, 60 * MS, 779, 3_000_000)), 12_500, 700, tcplabDrops,
                new EcnCounts(false, 0, 0, 0));
        return new AbResult(spec, kernel, tcplab, List.of("tcplab-0-left", "tcplab-0-right"));
    }

    /**
     * A run of each side with these values, for the suite's aggregation: 16 MiB in the given time
     * (so goodput is 16 MiB × 8 / duration), the retransmissions, and one sample each with that
     * cwnd and srtt, so they are the means.
     */
    public static AbResult withValues(long kernelMillis, long tcplabMillis, long kernelRetransmits,
                                      long tcplabRetransmits, long kernelCwnd, long tcplabCwnd, long kernelRttMillis,
                                      long tcplabRttMillis, OutsideDrops tcplabDrops) {
        AbResult base = sample();
        RunResult kernel = new RunResult("kernel", "reno", 16 << 20, kernelMillis * MS, kernelRetransmits, kernelCwnd,
                1448, List.of(new Sample(100 * MS, kernelCwnd, kernelRttMillis * MS, kernelRetransmits, 1)), 12_000,
                kernelRetransmits, noDrops(), new EcnCounts(false, 0, 0, 0));
        RunResult tcplab = new RunResult("tcplab", "reno", 16 << 20, tcplabMillis * MS, tcplabRetransmits, tcplabCwnd,
                1448, List.of(new Sample(100 * MS, tcplabCwnd, tcplabRttMillis * MS, tcplabRetransmits, 1)), 12_000,
                tcplabRetransmits, tcplabDrops, new EcnCounts(false, 0, 0, 0));
        return new AbResult(base.spec(), kernel, tcplab, base.namespaces());
    }

    /** Every counter read, all zero. */
    public static OutsideDrops noDrops() {
        return new OutsideDrops.Builder().add("tlka0 TX", 0).add("tlkb0 TX", 0).build();
    }
}
