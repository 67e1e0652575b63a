package io.tcplab.tools.emu;

/** Receives the events scheduled for it; {@code arg} is whatever was scheduled with the event. */
@FunctionalInterface
public interface EventHandler {
    void onEvent(long nowNanos, Object arg);
}
