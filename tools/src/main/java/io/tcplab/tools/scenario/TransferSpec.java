package io.tcplab.tools.scenario;

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
 * @param congestionControl algorithm spec, e.g. {@code reno} or {@code cubic:beta=0.7}
 * @param sack             offer SACK
 * @param timestamps       offer timestamps
 * @param windowScale      offer window scaling
 * @param ecn              offer ECN
 * @param bufferBytes      send and receive buffer size at each end
 * @param initialIsn       ISN for both ends, or -1 for RFC 6528 ISNs
 * @param timeLimitNanos   virtual-time limit; the run fails if the transfer is not done by then
 */
public record TransferSpec(
        long bytes,
        LinkParams forward,
        LinkParams reverse,
        LinkSchedule forwardSchedule,
        long seed,
        String congestionControl,
        boolean sack,
        boolean timestamps,
        boolean windowScale,
        boolean ecn,
        int bufferBytes,
        long initialIsn,
        long timeLimitNanos) {
}
