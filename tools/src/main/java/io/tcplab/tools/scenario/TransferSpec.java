package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;

/**
 * One emulated bulk transfer between two tcplab hosts: how much, over which path, with which
 * connection settings. {@code forward} carries data (a to b), {@code reverse} carries ACKs.
 *
 * @param bytes            application bytes to move
 * @param forward          the data direction's link
 * @param reverse          the ACK direction's link
 * @param forwardSchedule  timed changes to the forward link (may be empty)
 * @param seed             seeds every random choice of the run
 * @param options          both ends' connection settings (algorithm, SACK, recovery, buffers...)
 * @param initialIsn       ISN for both ends, or -1 for RFC 6528 ISNs
 * @param timeLimitNanos   virtual-time limit; the run fails if the transfer is not done by then
 * @param payload          real bytes, hashed at both ends; false runs payload-free (segments carry
 *                         lengths only, see {@code StackConfig.Builder#virtualPayload}) and checks
 *                         only the byte counts
 */
public record TransferSpec(
        long bytes,
        LinkParams forward,
        LinkParams reverse,
        LinkSchedule forwardSchedule,
        long seed,
        ConnectionOptions options,
        long initialIsn,
        long timeLimitNanos,
        boolean payload) {

    /** A transfer of real, hashed bytes. */
    public TransferSpec(long bytes, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule, long seed,
                        ConnectionOptions options, long initialIsn, long timeLimitNanos) {
        this(bytes, forward, reverse, forwardSchedule, seed, options, initialIsn, timeLimitNanos, true);
    }

    /** The same transfer with or without real payload bytes. */
    public TransferSpec withPayload(boolean on) {
        return new TransferSpec(bytes, forward, reverse, forwardSchedule, seed, options, initialIsn, timeLimitNanos, on);
    }
}
