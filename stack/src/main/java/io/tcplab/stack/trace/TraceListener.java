package io.tcplab.stack.trace;

/** Receives a connection's trace records. Tracing is off (and free) while none is attached. */
@FunctionalInterface
public interface TraceListener {
    void onTrace(TraceRecord record);
}
