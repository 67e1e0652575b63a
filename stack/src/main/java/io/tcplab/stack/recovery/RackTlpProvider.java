package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;
import java.util.Locale;

/**
 * {@code rack[:rtt=newest|last,undo_reordering=off|on,slack_us=N]}: RACK-TLP (RFC 8985).
 * {@code rtt}: which delivered segment's RTT the reordering wait uses ({@link RackRtt});
 * {@code undo_reordering}: whether an undone fast retransmit whose original filled the hole keeps
 * the reordering window open (Linux); {@code slack_us}: microseconds added to the reordering timer
 * and to the probe timeout of several segments (0; Linux 2000). The Linux profile sets all three
 * as Linux has them.
 */
public final class RackTlpProvider implements LossDetectorProvider {
    public static final String NAME = "rack";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Factory configure(CcParameters p) {
        RackRtt rtt = RackRtt.valueOf(p.getChoice("rtt", "newest", "newest", "last").toUpperCase(Locale.ROOT));
        boolean undoReordering = p.getBoolean("undo_reordering", false);
        long slackNanos = p.getLong("slack_us", 0, 0, 1_000_000) * 1000;
        return context -> new RackTlp(context, rtt, undoReordering, slackNanos);
    }

    @Override
    public String source() {
        return "RFC 8985";
    }
}
