package io.tcplab.tools.packetdrill;

/**
 * Maps the script's relative numbers to the live ones: the peer's ISN is chosen here, the
 * stack's ISN and TSval offset are learned from the first packet that shows them, as
 * packetdrill does.
 */
final class SequenceMap {
    private static final long MOD = 1L << 32;
    /** The scripted peer's initial sequence number. */
    static final long REMOTE_ISN = 1_000_000L;

    private Long localIsn;
    private Long tsOffset;

    boolean localIsnKnown() {
        return localIsn != null;
    }

    void learnLocalIsn(long actualSeq, long scriptSeq) {
        if (localIsn == null) {
            localIsn = Math.floorMod(actualSeq - scriptSeq, MOD);
        }
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
        return Math.floorMod(REMOTE_ISN + rel, MOD);
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
        return Math.floorMod(wire - REMOTE_ISN, MOD);
    }

    long localTsFromWire(long wire) {
        return tsOffset == null ? wire : Math.floorMod(wire - tsOffset, MOD);
    }
}
