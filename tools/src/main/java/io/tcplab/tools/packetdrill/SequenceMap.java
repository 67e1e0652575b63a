package io.tcplab.tools.packetdrill;

/**
 * Maps the script's relative numbers to the live ones, per connection as packetdrill does per
 * socket: the peer's ISN is what its SYN or SYN-ACK says (offset by {@link #REMOTE_BASE}), later
 * numbers count from it; the stack's ISN and TSval offset are learned from the first packet that
 * shows them, and again from each SYN or SYN-ACK it sends, which starts a connection.
 */
final class SequenceMap {
    private static final long MOD = 1L << 32;
    /** Where the scripted peer's sequence numbers start: a SYN written with seq X has ISN REMOTE_BASE + X. */
    static final long REMOTE_BASE = 1_000_000L;

    private long remoteIsn = REMOTE_BASE;
    /** The seq the peer's last SYN was written with: our SYN-ACK's ack is written absolute, that + 1 (packetdrill). */
    private long remoteScriptIsn;
    private Long localIsn;
    private Long tsOffset;

    boolean localIsnKnown() {
        return localIsn != null;
    }

    /** The stack sent a SYN or SYN-ACK: a new connection, whose ISN and TSval offset are learned anew. */
    void newLocalConnection() {
        localIsn = null;
        tsOffset = null;
    }

    void learnLocalIsn(long actualSeq, long scriptSeq) {
        if (localIsn == null) {
            localIsn = Math.floorMod(actualSeq - scriptSeq, MOD);
        }
    }

    /** The peer's SYN or SYN-ACK written with seq {@code scriptSeq}: its ISN, which later numbers count from. */
    long remoteSyn(long scriptSeq) {
        remoteScriptIsn = scriptSeq;
        remoteIsn = Math.floorMod(REMOTE_BASE + scriptSeq, MOD);
        return remoteIsn;
    }

    /** The ack of a SYN-ACK we sent as the script writes it: absolute, from the seq the peer's SYN was written with. */
    long synAckAckFromWire(long wire) {
        return Math.floorMod(remoteSeqFromWire(wire) + remoteScriptIsn, MOD);
    }

    void learnTsOffset(long actualVal, long scriptVal) {
        if (tsOffset == null) {
            tsOffset = actualVal - scriptVal;
        }
    }

    boolean tsOffsetKnown() {
        return tsOffset != null;
    }

    // inbound: script -> wire
    long remoteSeqToWire(long rel) {
        return Math.floorMod(remoteIsn + rel, MOD);
    }

    long localSeqToWire(long rel) {
        return localIsn == null ? Math.floorMod(rel, MOD) : Math.floorMod(localIsn + rel, MOD);
    }

    long localTsToWire(long scriptVal) {
        return tsOffset == null || scriptVal == 0 ? scriptVal : Math.floorMod(scriptVal + tsOffset, MOD);
    }

    // outbound: wire -> script
    long localSeqFromWire(long wire) {
        return localIsn == null ? wire : Math.floorMod(wire - localIsn, MOD);
    }

    long remoteSeqFromWire(long wire) {
        return Math.floorMod(wire - remoteIsn, MOD);
    }

    long localTsFromWire(long wire) {
        return tsOffset == null ? wire : Math.floorMod(wire - tsOffset, MOD);
    }
}
