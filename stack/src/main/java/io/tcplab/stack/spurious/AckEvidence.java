package io.tcplab.stack.spurious;

import io.tcplab.stack.loss.AckResult;

/**
 * One ACK as a spurious-loss detector reads it. One reused instance per connection, filled by
 * the sender before each call; read it during the call only.
 */
public final class AckEvidence {
    /** {@link #tsEcho()} of an ACK without timestamps. */
    public static final long NO_ECHO = -1;

    private boolean advanced;
    private long tsEcho = NO_ECHO;
    private AckResult changes;

    /** The ACK moved SND.UNA (an "acceptable" ACK, RFC 3522). */
    public boolean advanced() {
        return advanced;
    }

    /** Its TSecr (unsigned), or {@link #NO_ECHO}. */
    public long tsEcho() {
        return tsEcho;
    }

    /** What it changed on the scoreboard, a D-SACK block (RFC 2883) among it. */
    public AckResult changes() {
        return changes;
    }

    public AckEvidence advanced(boolean advanced) {
        this.advanced = advanced;
        return this;
    }

    public AckEvidence tsEcho(long tsEcho) {
        this.tsEcho = tsEcho;
        return this;
    }

    public AckEvidence changes(AckResult changes) {
        this.changes = changes;
        return this;
    }
}
