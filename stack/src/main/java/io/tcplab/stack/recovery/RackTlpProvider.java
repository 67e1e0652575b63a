package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;
import java.util.Locale;

/**
 * {@code rack[:rtt=newest|last,undo_reordering=off|on]}: RACK-TLP (RFC 8985). {@code rtt}: which
 * delivered segment's RTT the reordering wait uses ({@link RackRtt}); {@code undo_reordering}:
 * whether an undone fast retransmit whose original filled the hole keeps the reordering window
 * open (Linux). The Linux profile sets both as Linux has them.
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
        return context -> new RackTlp(context, rtt, undoReordering);
    }

    @Override
    public String source() {
        return "RFC 8985";
    }
}
