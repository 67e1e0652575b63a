package io.tcplab.stack.recovery;

import java.util.Locale;

/** How TEB finds that a retransmission was lost too (docs/stack.md#teb, REFERENCE §5.2 step 3). */
public enum DoubleDropRule {
    /**
     * By evidence, as RACK reasons (RFC 8985 §6.2): a segment sent after it (once only, so its send
     * time is unambiguous) has been delivered, and the retransmission has been out for its
     * deadline; else the RFC 6298 timer, which is a timeout, not a double drop.
     */
    EVIDENCE,
    /** By its own deadline from the latest RTT alone (TEB before issue 15; wrong in a delay bump). */
    TIMER,
    /** Never by TEB: a lost retransmission waits for the RFC 6298 timer, and there is no double-drop response. */
    OFF;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
