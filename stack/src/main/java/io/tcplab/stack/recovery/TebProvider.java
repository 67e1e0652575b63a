package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;

/** {@code teb[:k=2,backoff=2,dd=evidence|timer|off]}: the timer-based retransmit of seed 002 ({@link TebParameters}). */
public final class TebProvider implements LossDetectorProvider {
    public static final String NAME = "teb";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Factory configure(CcParameters parameters) {
        TebParameters teb = TebParameters.read(parameters);
        return context -> new TimerBasedRetransmit(context, teb);
    }

    @Override
    public String source() {
        return "docs/stack.md#teb, seed 002";
    }
}
