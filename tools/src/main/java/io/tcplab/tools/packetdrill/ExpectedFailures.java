package io.tcplab.tools.packetdrill;

import java.util.Map;
import java.util.Optional;

/**
 * Scripts that fail on purpose: tcplab differs from Linux there in a way the RFCs allow. Each
 * entry is a script path under {@code tcp/} and the reason; {@code docs/packetdrill.md} explains
 * them. The corpus test turns red when one of them starts passing.
 */
public final class ExpectedFailures {
    private static final Map<String, String> REASONS = Map.of();

    private ExpectedFailures() {
    }

    public static Optional<String> reason(String script) {
        return Optional.ofNullable(REASONS.get(script));
    }

    public static Map<String, String> all() {
        return REASONS;
    }
}
