package io.tcplab.tools.experiment;

/** One cell of the friendliness table: the protocol under test (our algorithm name) at one RTT. */
public record FriendlinessCell(String protocol, long rttNanos) {
    public String label() {
        return protocol + "-" + ScenarioTemplate.duration(rttNanos);
    }
}
