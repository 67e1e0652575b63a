package io.tcplab.stack.conn;

import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * The Data Receiver's half of Accurate ECN (RFC 9768 §3.2): the counters r.cep, r.ceb, r.e0b and
 * r.e1b of what arrived, the ACE field that feeds r.cep back on every segment with SYN=0
 * (§3.2.2.2) or, once, the handshake encoding of the SYN-ACK's IP-ECN field (§3.2.2.1), the ACKs
 * the CE marks call for (§3.2.2.5.1), and the AccECN option that feeds the byte counters back
 * (§3.2.3, sent by the recommended simple scheme of §3.2.3.3). Idle until the handshake agrees on
 * AccECN.
 */
final class AccEcnReceiver {
    /** RFC 9768 §3.2.1: r.cep starts at 5, r.e0b and r.e1b at 1, r.ceb at 0. */
    static final int CEP_INIT = 5;
    static final int EB_INIT = 1;
    /** §3.2.2.5.1: with data waiting to be acknowledged, an ACK at the latest every second CE mark ... */
    private static final int CE_MARKS_PER_ACK_WITH_DATA = 2;
    /** ... and every third without (n ≥ 3 is a MUST there). */
    private static final int CE_MARKS_PER_ACK_WITHOUT_DATA = 3;
    private static final int NOT_ECT = 0;
    private static final int ECT_1 = 1;
    private static final int ECT_0 = 2;
    private static final int CE = 3;

    private boolean on;
    private long cep;
    private long ceb;
    private long e0b;
    private long e1b;
    /** Which byte counters have moved during the connection: the option carries their fields (§3.2.3.3). */
    private boolean e0bMoved;
    private boolean cebMoved;
    private boolean e1bMoved;
    /** A byte counter moved since the last ACK we sent: the next ACK carries the option (§3.2.3.3). */
    private boolean movedSinceAck;
    /** CE marks that arrived since the last ACK we sent (§3.2.2.5.1's increment-triggered ACKs). */
    private int ceSinceAck;
    /** The codepoint of the last packet that arrived (§3.2.2.5.1's change-triggered ACKs). */
    private int lastEcn = NOT_ECT;
    /** The ACE value of §3.2.2.1's handshake encoding, owed on the next pure ACK; -1 when none is. */
    private int handshakeAce = -1;
    /** Segments still to carry the option whatever moved: the client's first ACK and data (§3.2.3.2.1). */
    private int beaconsLeft;

    /**
     * AccECN was agreed: counters start at their §3.2.1 values. A client that saw its SYN-ACK
     * arrive CE counts it once (§3.2.2.2) and owes the handshake encoding of table 3 on the ACK
     * of the SYN-ACK; {@code beacons} segments carry the option in any case (§3.2.3.2.1).
     */
    void start(int beacons) {
        on = true;
        cep = CEP_INIT;
        e0b = EB_INIT;
        e1b = EB_INIT;
        beaconsLeft = beacons;
    }

    boolean on() {
        return on;
    }

    /**
     * RFC 9768 §3.2.2.1: the client feeds back the IP-ECN field of the (latest) SYN-ACK on the pure
     * ACK that acknowledges it, and a CE-marked SYN-ACK increments r.cep, but only once (§3.2.2.2).
     */
    void onSynAck(int ipEcn) {
        handshakeAce = HandshakeEncoding.aceOf(ipEcn);
        if (ipEcn == CE && cep == CEP_INIT) {
            cep++;
        }
    }

    /**
     * An acceptable packet with SYN=0 arrived with {@code ipEcn} and {@code payload} bytes (§3.2:
     * control packets and retransmissions count, SYNs do not). Returns true when it calls for an
     * ACK at once: a CE-marked data packet after one that was not (change-triggered), or the CE
     * marks since the last ACK reaching §3.2.2.5.1's n (increment-triggered).
     */
    boolean onPacket(int ipEcn, int payload) {
        if (!on) {
            return false;
        }
        boolean changeTriggered = false;
        switch (ipEcn) {
            case CE -> {
                cep++;
                ceSinceAck++;
                changeTriggered = payload > 0 && lastEcn != CE;
                if (payload > 0) {
                    ceb += payload;
                    cebMoved = true;
                    movedSinceAck = true;
                }
            }
            case ECT_0 -> {
                if (payload > 0) {
                    e0b += payload;
                    e0bMoved = true;
                    movedSinceAck = true;
                }
            }
            case ECT_1 -> {
                if (payload > 0) {
                    e1b += payload;
                    e1bMoved = true;
                    movedSinceAck = true;
                }
            }
            default -> {
            }
        }
        lastEcn = ipEcn;
        int n = payload > 0 ? CE_MARKS_PER_ACK_WITH_DATA : CE_MARKS_PER_ACK_WITHOUT_DATA;
        return changeTriggered || ceSinceAck >= n;
    }

    /**
     * The AE, CWR and ECE flags of the next segment with SYN=0: r.cep's three low bits
     * (§3.2.2.2), or on a pure ACK without SACK blocks the handshake encoding still owed (§3.2.2.1).
     */
    int aceFlags(boolean pureWithoutSack) {
        if (handshakeAce >= 0 && pureWithoutSack) {
            return TcpHeader.aceFlags(handshakeAce);
        }
        return TcpHeader.aceFlags((int) (cep & 7));
    }

    /**
     * Fields the option needs on the next ACK-bearing segment, or -1 for none: when a byte counter
     * moved since the last ACK, or a handshake beacon is due, every counter that ever moved
     * (§3.2.3.3's recommended simple scheme; a beacon carries all three, so the peer's tests of
     * §3.2.3.2.4 see both non-zero initial values).
     */
    int optionFieldsDue() {
        if (!on || !movedSinceAck && beaconsLeft == 0) {
            return -1;
        }
        if (beaconsLeft > 0 || e0bMoved && e1bMoved) {
            return 3;
        }
        return e0bMoved || e1bMoved ? (cebMoved ? 2 : 1) : cebMoved ? 2 : 0;
    }

    /**
     * Sets the option of {@code fields} fields in the order that puts the moved ones first (§3.2.3:
     * either order may be used): AccECN1 when only ECT(1) bytes ever arrived, else AccECN0.
     */
    void fillOption(TcpOptions o, int fields) {
        int kind = e1bMoved && !e0bMoved ? TcpOptions.KIND_ACCECN1 : TcpOptions.KIND_ACCECN0;
        o.setAccEcn(kind, fields, e0b, ceb, e1b);
    }

    /**
     * An ACK-bearing segment left: what it fed back is sent. {@code optionSent}: it carried the
     * option; {@code handshakeEncoded}: its ACE was the handshake encoding.
     */
    void onAckSent(boolean optionSent, boolean handshakeEncoded) {
        if (!on) {
            return;
        }
        ceSinceAck = 0;
        if (optionSent) {
            movedSinceAck = false;
            if (beaconsLeft > 0) {
                beaconsLeft--;
            }
        }
        if (handshakeEncoded) {
            handshakeAce = -1;
        }
    }

    /** The handshake encoding is still owed (no pure ACK has carried it yet). */
    boolean handshakeEchoOwed() {
        return handshakeAce >= 0;
    }

    /** CE-marked packets received, r.cep − 5 (so the count of CE marks, a CE SYN-ACK included). */
    long cePackets() {
        return on ? cep - CEP_INIT : 0;
    }

    long ceBytes() {
        return ceb;
    }

    long ect0Bytes() {
        return on ? e0b - EB_INIT : 0;
    }

    long ect1Bytes() {
        return on ? e1b - EB_INIT : 0;
    }
}
