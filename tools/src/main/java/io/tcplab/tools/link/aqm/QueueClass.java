package io.tcplab.tools.link.aqm;

/**
 * Which of an AQM's queues a drop or mark happened in, for the counters: DualPI2 has a
 * low-latency (L4S) and a classic queue (RFC 9332 §2.1); every other discipline has one kind.
 */
public enum QueueClass {
    SINGLE, L4S, CLASSIC
}
