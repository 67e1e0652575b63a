package io.tcplab.tools.cccheck;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferRunner;
import io.tcplab.tools.scenario.TransferSpec;
import java.util.function.DoubleBinaryOperator;

/**
 * Mean window under deterministic periodic loss (the forward link drops every 1/p-th packet) on a
 * path that never queues (no rate limit), against an algorithm's response function (REFERENCE.md
 * §2). Delayed ACKs are on, as in any real receiver; they do not enter the models because every
 * algorithm here counts acknowledged bytes (RFC 3465 byte counting), not ACKs, so the growth per
 * RTT is the per-segment rule the formulas assume.
 */
final class ResponseFunctionCheck {
    static final int MSS = 1000;
    static final int CYCLES = 8; // loss cycles measured
    /**
     * Loss cycles left out first: slow start overshoots to about 1/(2p) segments, and each cycle
     * only removes a fraction b of that excess (Scalable: 1/8), so it takes tens of cycles to
     * reach the steady state.
     */
    static final int SKIP = 32;

    private ResponseFunctionCheck() {
    }

    /**
     * One run, two models: the first judged within {@code tolerance}, the second shown as
     * information (HighSpeed: the Linux table it implements, and RFC 3649's continuous formula).
     */
    static java.util.List<CheckRow> runBoth(String algorithm, String spec, double p, long rttNanos,
                                            DoubleBinaryOperator model, String modelName,
                                            DoubleBinaryOperator infoModel, String infoName, double tolerance) {
        CheckRow judged = run(algorithm, spec, p, rttNanos, model, modelName, tolerance);
        double rtt = rttNanos / 1e9;
        CheckRow info = new CheckRow(algorithm, judged.caseName(), infoModel.applyAsDouble(p, rtt), judged.measured(),
                tolerance, infoName + "; the table rounds a(w) up (docs/cc-loss-based.md)", CheckRow.Rule.INFO);
        return java.util.List.of(judged, info);
    }

    /**
     * @param model mean window in segments as a function of (p, RTT in seconds)
     */
    static CheckRow run(String algorithm, String spec, double p, long rttNanos, DoubleBinaryOperator model,
                        String modelName, double tolerance) {
        int every = (int) Math.round(1 / p);
        LinkParams forward = LinkParams.of().setDelayNanos(rttNanos / 2).setQueueLimit(Limit.NONE).setLossEvery(every);
        LinkParams reverse = LinkParams.of().setDelayNanos(rttNanos / 2).setQueueLimit(Limit.NONE);
        ConnectionOptions options = ConnectionOptions.builder().congestionControl(spec).mss(MSS + 40)
                .sendBufferBytes(64 << 20).receiveBufferBytes(64 << 20).build();
        long bytes = (long) ((CYCLES + SKIP + 1) * (double) every * MSS);
        MeanWindow mean = new MeanWindow(MSS, SKIP);
        TransferResult result = TransferRunner.run(new TransferSpec(bytes, forward, reverse, null, 1, options, 1,
                3_600_000_000_000L), mean);
        double rtt = rttNanos / 1e9;
        String note = modelName + "; " + mean.episodes() + " losses, " + mean.timeouts + " RTOs"
                + (result.complete() ? "" : ", incomplete");
        return new CheckRow(algorithm, String.format(java.util.Locale.ROOT, "mean cwnd p=%.0e rtt=%.0fms", p,
                rtt * 1000), model.applyAsDouble(p, rtt), mean.mean(), tolerance, note);
    }
}
