package io.tcplab.tools.link.aqm;

/**
 * What an AQM reports to its link: packets it drops (the link counts them and frees the buffer
 * and slot) and packets it marks (the link sets CE on the bytes and counts the mark).
 */
public interface AqmSink {
    /** Why a packet was dropped: the queue was full, or the AQM's control law chose it. */
    enum Cause { OVERFLOW, CONTROL }

    /** {@code slot} (already out of every queue) is dropped; the sink frees it. */
    void drop(int slot, Cause cause, QueueClass queue);

    /**
     * Sets CE on {@code slot}'s packet; false, changing nothing, when the packet is not
     * ECN-capable (the AQM then drops it instead).
     */
    boolean mark(int slot, QueueClass queue);
}
