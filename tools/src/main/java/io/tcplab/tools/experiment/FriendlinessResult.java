package io.tcplab.tools.experiment;

/**
 * One friendliness cell in one run: flow1 runs the protocol under test, flow2 SACK/Reno, both at
 * the same RTT, among the background traffic.
 *
 * @param protocol            flow1's algorithm (our name, e.g. highspeed)
 * @param rttMs               both test flows' base RTT
 * @param durationSeconds     the run's length; {@code warmupSeconds} of it left out of the means
 * @param jain                Jain's index of the two flows' mean goodputs
 * @param sackOverProtocol    R_friend: flow2's (SACK) goodput over flow1's (the protocol)
 * @param protocolOverSack    its inverse
 * @param smallerOverLarger   the smaller of the two flows' goodputs over the larger, in (0, 1]
 * @param utilization         the bottleneck's utilization, every IP byte it carried
 * @param payloadUtilization  the TCP payload it carried over its rate
 * @param wireUtilization     its bytes with their link-layer framing over its rate
 * @param framing             that framing ({@code none}: the same as IP bytes)
 * @param dropRatio           packets the bottleneck queue dropped over packets offered to it
 * @param convergence         the criterion of the two convergence columns, in words
 * @param settlingSeconds     from flow2's start until the two stay fair to the end, or the cap
 * @param settled             false when {@code settlingSeconds} is the cap
 * @param firstPassageSeconds from flow2's start until the two are first fair for the hold, or the cap
 * @param passed              false when {@code firstPassageSeconds} is the cap
 * @param taus                the time scales of {@code fairness} and the CoVs, seconds
 * @param fairness            J(τ) of the two flows
 * @param covTestFlows        CoV(τ) of the two test flows' summed goodput
 * @param covBottleneck       CoV(τ) of everything the bottleneck carried
 * @param binSeconds          the bin of the goodput series
 * @param flow1Mbps           flow1's goodput per bin, for plots
 * @param flow2Mbps           flow2's goodput per bin
 * @param wallSeconds         what the run cost
 */
public record FriendlinessResult(String protocol, double rttMs, long seed, double durationSeconds,
                                 double warmupSeconds, double jain, double sackOverProtocol, double protocolOverSack,
                                 double smallerOverLarger, double utilization, double payloadUtilization,
                                 double wireUtilization, String framing, double dropRatio, String convergence,
                                 double settlingSeconds, boolean settled, double firstPassageSeconds, boolean passed,
                                 double[] taus, double[] fairness, double[] covTestFlows, double[] covBottleneck,
                                 double binSeconds, double[] flow1Mbps, double[] flow2Mbps,
                                 double wallSeconds) implements CellResult {
    @Override
    public String cell() {
        return new FriendlinessCell(protocol, Math.round(rttMs * 1e6)).label();
    }
}
