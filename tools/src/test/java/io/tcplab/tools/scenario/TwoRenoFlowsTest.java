package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.traffic.WebModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 9's two-flow acceptance: two Reno flows through one drop-tail bottleneck.
 *
 * <p>Same RTT: AIMD converges to the fair share (Chiu &amp; Jain 1989), so Jain's index of the two
 * throughputs over the last half of the run must be at least 0.95.
 *
 * <p>RTTs 1:2: a window-based AIMD flow's throughput is about {@code MSS / (RTT × sqrt(2p/3))}
 * (Padhye et al., SIGCOMM 1998, without timeouts), so flows that see the same loss rate share in
 * the inverse ratio of their RTTs (a = 1); with drop-tail the short-RTT flow also sees fewer
 * losses per byte, and Lakshman &amp; Madhow (ToN 1997) find throughput ∝ 1/RTT^a with a up to
 * 2. So the short-RTT flow should get between 2^1 and 2^2 times the long one's; with the band
 * loosened for a finite run, we assert 1.5 to 4.
 *
 * <p>Both runs carry light web traffic each way (3 Mbit/s of 20). Without it the emulator is
 * perfectly periodic and drop-tail shows Floyd &amp; Jacobson's "phase effects" (Internetworking:
 * Research and Experience, 1992): which flow's packet meets the full queue depends on the
 * flows' relative timing, not on their windows, and here the 1:2 ratio came out at 1.0 to 1.3
 * depending on the queue size; a little random traffic, as in the seed 000 setup, removes the
 * bias (2.0 to 3.0 for queues of 50 to 200 KB).
 */
class TwoRenoFlowsTest {
    private static final long SECOND = 1_000_000_000L;

    private static Scenario twoFlows(long rttA, long rttB, long duration) {
        // 20 Mbit/s, 5 ms bottleneck, queue of about one BDP at the short RTT (40 ms: 100 KB)
        LinkParams bottleneck = LinkParams.parse("rate=20Mbit,delay=5ms,queue=100KB");
        TopologySpec topology = TopologySpec.dumbbell(bottleneck, LinkParams.parse("rate=20Mbit,delay=5ms"),
                LinkParams.parse("delay=1ms"));
        ConnectionOptions reno = ConnectionOptions.builder().congestionControl("reno").build();
        List<FlowSpec> flows = List.of(
                FlowSpec.bulk("a", "left", "right", rttA, reno),
                FlowSpec.bulk("b", "left", "right", rttB, reno).startingAt(5 * SECOND),
                web("web-forward", "left", "right", 2e6, reno),
                web("web-reverse", "right", "left", 1e6, reno));
        return new Scenario("two reno flows", topology, flows, List.of(), duration, duration / 2,
                Scenario.DEFAULT_SAMPLE_NANOS, List.of(1L), Set.of(), Set.of());
    }

    private static FlowSpec web(String name, String from, String to, double load, ConnectionOptions options) {
        return new FlowSpec(name, "background", from, to, -1, options, true,
                new TrafficSpec.Web(WebModel.surge(load), TrafficSpec.Web.DEFAULT_BUFFER_BYTES), 0, Long.MAX_VALUE, false,
                false);
    }

    /** Jain's fairness index: (sum x)^2 / (n sum x^2). */
    private static double jain(double... x) {
        double sum = 0;
        double squares = 0;
        for (double v : x) {
            sum += v;
            squares += v * v;
        }
        return sum * sum / (x.length * squares);
    }

    @Test
    void sameRttRenoFlowsConvergeToAFairShare() {
        ScenarioResult r = MultiFlowRunner.run(twoFlows(40_000_000, 40_000_000, 200 * SECOND), 1);
        double a = r.measuredThroughput(r.flow("a"));
        double b = r.measuredThroughput(r.flow("b"));
        assertThat(jain(a, b)).isGreaterThanOrEqualTo(0.95);
        assertThat((a + b + r.measuredThroughput(r.flow("web-forward"))) / 20e6).isGreaterThan(0.85); // the link stays full
    }

    @Test
    void withRtts1To2TheShortRttFlowGetsBetweenOneAndTwoPowersOfTheRatio() {
        ScenarioResult r = MultiFlowRunner.run(twoFlows(40_000_000, 80_000_000, 200 * SECOND), 1);
        double ratio = r.measuredThroughput(r.flow("a")) / r.measuredThroughput(r.flow("b"));
        assertThat(ratio).isBetween(1.5, 4.0);
    }
}
