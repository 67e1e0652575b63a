package io.tcplab.tools.scenario;

import io.tcplab.tools.traffic.WebModel;

/** What a flow's application does with its connection(s). */
public sealed interface TrafficSpec {
    /** A long-lived flow that always has data to send. */
    record Bulk() implements TrafficSpec {
    }

    /** One transfer of {@code bytes}, then the connection closes. */
    record Fixed(long bytes) implements TrafficSpec {
    }

    /**
     * Alternates sending (at whatever rate the connection allows) for an on period and staying
     * silent for an off period, over one connection; periods are exponential with these means,
     * or fixed.
     */
    record OnOff(long onNanos, long offNanos, boolean exponential) implements TrafficSpec {
    }

    /**
     * SURGE-like web pages from a server host to a client host, sized to a mean load; each of its
     * (many, short) connections gets {@code bufferBytes} of send and receive buffer.
     */
    record Web(WebModel model, int bufferBytes) implements TrafficSpec {
        public static final int DEFAULT_BUFFER_BYTES = 256 * 1024;
    }
}
