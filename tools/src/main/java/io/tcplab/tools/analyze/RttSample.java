package io.tcplab.tools.analyze;

/** One RTT sample: taken at {@code timeNanos} by the packet numbered {@code frame} (the ACK or the echo). */
record RttSample(long timeNanos, long rttNanos, long frame) {
}
