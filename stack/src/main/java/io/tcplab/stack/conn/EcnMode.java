package io.tcplab.stack.conn;

import java.util.Locale;

/**
 * Which ECN feedback a connection asks for in its SYN and accepts in a peer's: none, RFC 3168's
 * classic ECN-Echo, or Accurate ECN (RFC 9768). A connection set to {@link #ACCECN} also answers a
 * classic ECN-setup SYN with classic ECN (RFC 9768 §3.1.2, table 2, third block); one set to
 * {@link #CLASSIC} answers an AccECN SYN as RFC 3168 does, with classic ECN (second block).
 */
public enum EcnMode {
    OFF,
    CLASSIC,
    ACCECN;

    /** The word users write: {@code off}, {@code classic} or {@code accecn}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code off|classic|accecn}, and for files and recordings written before AccECN the booleans
     * {@code true} (classic) and {@code false} (off); null for anything else.
     */
    public static EcnMode parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "off", "false" -> OFF;
            case "classic", "true" -> CLASSIC;
            case "accecn" -> ACCECN;
            default -> null;
        };
    }
}
