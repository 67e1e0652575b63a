package io.tcplab.tools.cli;

import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.scenario.TransferResult;
import io.tcplab.tools.scenario.TransferSpec;

/** Runs one transfer; the CLI's seam to the emulator, so tests can answer with a canned result. */
@FunctionalInterface
public interface TransferEngine {
    /** @param senderTrace receives the sender's trace records, or null for no tracing */
    TransferResult run(TransferSpec spec, TraceListener senderTrace);
}
