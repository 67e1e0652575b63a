package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;

/** {@code rfc6675}: RFC 6675's DupThresh loss marking; no parameters, no timer. */
public final class DupThreshProvider implements LossDetectorProvider {
    public static final String NAME = "rfc6675";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Factory configure(CcParameters parameters) {
        return DupThresh::new;
    }

    @Override
    public String source() {
        return "RFC 6675 §4, §5";
    }
}
