package io.tcplab.tools.ab;

import java.util.List;

/**
 * What the {@link AbAgent} counted of one run on its side: the bytes up to the sender's FIN, their
 * SHA-256, the time from the accepted connection to that FIN on the agent's clock, and the bytes
 * received so far at each sampling interval ({@code sampleNanos[i]} from the accept,
 * {@code sampleBytes[i]}).
 */
public record AgentRun(long bytes, String sha256, long durationNanos, List<Long> sampleNanos, List<Long> sampleBytes) {
    public AgentRun {
        sampleNanos = List.copyOf(sampleNanos);
        sampleBytes = List.copyOf(sampleBytes);
        if (sampleNanos.size() != sampleBytes.size()) {
            throw new IllegalArgumentException("agent samples: " + sampleNanos.size() + " times, "
                    + sampleBytes.size() + " counts");
        }
    }
}
