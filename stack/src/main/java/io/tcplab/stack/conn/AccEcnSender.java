package io.tcplab.stack.conn;

import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * The Data Sender's half of Accurate ECN (RFC 9768 §3.2): the counters s.cep, s.ceb, s.e0b and
 * s.e1b that track the peer's r.* from the ACE field (§3.2.2.2, with the wrap safety of
 * §3.2.2.5.2 and appendix A.2) and the AccECN option (§3.2.3.1, appendix A.1), and the fall-backs
 * the handshake and the first feedback can call for: no ECT on what we send after an invalid
 * transition of the IP-ECN field (§3.2.2.3) or a SYN or SYN-ACK without ECN flags (§3.1.5), no
 * response either once the ACE field was zeroed (§3.2.2.4, table 4 note 1), and the conservative
 * reading of ACE while the peer's options are stripped or zeroed (§3.2.3.2.3, §3.2.3.2.4).
 */
final class AccEcnSender {
    private static final int DIVACE = 8;
    private static final int DIVOPT = 1 << 24;
    /** Appendix A.2.2's SAFETY_FACTOR. */
    private static final int SAFETY_FACTOR = 2;

    private boolean on;
    private long cep;
    private long ceb;
    private long e0b;
    private long e1b;
    /** §3.2.2.3, §3.1.5: what we send is Not-ECT from now on. */
    private boolean ectOff;
    /** §3.2.2.4, table 4 note 1: the peer's feedback is no longer acted on. */
    private boolean responseOff;
    /** The peer's AccECN options reach us (§3.2.3.2.3); false: ACE is read conservatively. */
    private boolean optionsAvailable;
    /** An initial option had a zero EE0B or EE1B field (§3.2.3.2.4): options are ignored for good. */
    private boolean optionsIgnored;
    /** The next feedback is the first after the handshake: §3.2.2.4's zero test applies to it. */
    private boolean firstFeedback;
    /** A CE mark the handshake fed back, still to be responded to once the connection is established. */
    private boolean handshakeCe;
    /** The TSval of the last ACK whose feedback was read, to tell a newer ACK that delivered nothing (appendix A.1). */
    private int lastTsVal;
    private boolean haveTsVal;
    /** What the last ACK told: newly CE-marked packets (after the safety rule) and bytes. */
    private long newlyCePackets;
    private long newlyCeBytes;
    private boolean newlyCeBytesFromOption;

    /** AccECN was agreed: the counters start at their §3.2.1 values; the first feedback is tested. */
    void start() {
        on = true;
        cep = AccEcnReceiver.CEP_INIT;
        e0b = AccEcnReceiver.EB_INIT;
        e1b = AccEcnReceiver.EB_INIT;
        firstFeedback = true;
    }

    boolean on() {
        return on;
    }

    /** ECT may mark what we send (true also without AccECN: then nothing here applies). */
    boolean ectAllowed() {
        return !ectOff;
    }

    /** We act on the peer's ECN feedback. */
    boolean responds() {
        return !responseOff;
    }

    boolean optionsAvailable() {
        return optionsAvailable;
    }

    /** §3.2.2.3, §3.1.5: stop sending ECT for the rest of the connection (mangling, or a handshake without ECN flags). */
    void disableEct() {
        ectOff = true;
    }

    /**
     * The client's view of its SYN from the SYN-ACK (§3.2.2.3): {@code synArrivedAs} is the
     * codepoint the SYN-ACK fed back; the SYN left Not-ECT, so anything else is an invalid
     * transition and ECT stops. A CE mark calls for a response, s.cep staying at 5 (§3.2.2.2).
     * {@code synAck} are the SYN-ACK's options: whether the peer's options reach us (§3.2.3.2.3)
     * and are not zeroed (§3.2.3.2.4).
     */
    void onSynAckFeedback(int synArrivedAs, TcpOptions synAck) {
        if (synArrivedAs != 0) {
            ectOff = true;
        }
        handshakeCe = synArrivedAs == 3;
        onFirstOptions(synAck);
    }

    /**
     * The server's reading of the ACK of its SYN-ACK (§3.2.2.1, table 4): the SYN-ACK left
     * Not-ECT, so ACE 0b000 means zeroed feedback (no ECT, no response, note 1), 0b110 a CE mark
     * (s.cep 6, and a response), and any other codepoint it names an invalid transition (§3.2.2.3).
     */
    void onHandshakeAck(int ace) {
        firstFeedback = false;
        if (ace == 0) {
            ectOff = true;
            responseOff = true;
            return;
        }
        int arrivedAs = HandshakeEncoding.ipEcnOf(ace);
        if (arrivedAs == 3) {
            cep = AccEcnReceiver.CEP_INIT + 1;
            handshakeCe = true;
        }
        if (arrivedAs > 0) {
            ectOff = true;
        }
    }

    /**
     * The first segment that acknowledges our SYN or SYN-ACK tells whether the peer's options reach
     * us (§3.2.3.2.3) and, if one came, whether its initial EE0B or EE1B was zeroed (§3.2.3.2.4).
     */
    void onFirstOptions(TcpOptions o) {
        optionsAvailable = o.hasAccEcn() && !optionsIgnored;
        if (o.hasAccEcn() && (o.accEcnE0b() == 0 || o.accEcnE1b() == 0)) {
            optionsIgnored = true;
            optionsAvailable = false;
        }
    }

    /** A CE mark the handshake fed back, taken once: the caller responds to it. */
    boolean takeHandshakeCe() {
        boolean ce = handshakeCe && !responseOff;
        handshakeCe = false;
        return ce;
    }

    /**
     * Reads one ACK's feedback (§3.2.2.2, §3.2.3.1). Feedback on an ACK that may be superseded is
     * ignored (appendix A.1): it must deliver new bytes or carry a newer TSval. {@code flags} are the
     * ACK's, {@code delivered} the bytes it newly acknowledged or SACKed. Afterwards
     * {@link #newlyCePackets()} and {@link #newlyCeBytes()} say what it told. Returns false when the
     * ACE field was zeroed on the first feedback (§3.2.2.4): then ECT and the response stop.
     */
    boolean onAck(int flags, TcpOptions o, long delivered, int smss) {
        newlyCePackets = 0;
        newlyCeBytes = 0;
        newlyCeBytesFromOption = false;
        if (!on || !fresh(delivered, o)) {
            return true;
        }
        int ace = TcpHeader.ace(flags);
        if (firstFeedback) {
            firstFeedback = false;
            if (ace == 0) {
                ectOff = true;
                responseOff = true;
                return false;
            }
        }
        long dCeb = readOption(o);
        long dCep = Math.floorMod(ace - cep, DIVACE);
        long dSafer = saferCep(dCep, dCeb, delivered, smss);
        cep += dSafer;
        if (dCeb > 0 && dSafer == 0) {
            ectOff = true; // §3.2.3.2.5: CE bytes without CE packets, and ACE cannot have wrapped
        }
        if (!responseOff) {
            newlyCePackets = dSafer;
            newlyCeBytes = newlyCeBytesFromOption ? dCeb : dSafer * smss;
        }
        return true;
    }

    /** Appendix A.1: an ACK that delivers nothing counts only if its TSval shows it is newer. */
    private boolean fresh(long delivered, TcpOptions o) {
        boolean newerTs = o.hasTimestamps() && (!haveTsVal || o.tsVal() - lastTsVal > 0);
        if (o.hasTimestamps()) {
            lastTsVal = newerTs ? o.tsVal() : lastTsVal;
            haveTsVal = true;
        }
        return delivered > 0 || newerTs;
    }

    /**
     * §3.2.3.1, appendix A.1: each field the option carries advances its counter by the least
     * positive difference modulo 2^24. Returns the newly CE-marked bytes (0 without an ECEB field).
     */
    private long readOption(TcpOptions o) {
        if (!o.hasAccEcn() || optionsIgnored) {
            return 0;
        }
        optionsAvailable = true; // §3.2.3.2.3: an option that arrives later shows they are no longer blocked
        if (o.accEcnE0b() >= 0) {
            e0b += Math.floorMod(o.accEcnE0b() - e0b, DIVOPT);
        }
        if (o.accEcnE1b() >= 0) {
            e1b += Math.floorMod(o.accEcnE1b() - e1b, DIVOPT);
        }
        if (o.accEcnCeb() < 0) {
            return 0;
        }
        long dCeb = Math.floorMod(o.accEcnCeb() - ceb, DIVOPT);
        ceb += dCeb;
        newlyCeBytesFromOption = true;
        return dCeb;
    }

    /**
     * §3.2.2.5.2 with appendix A.2: when the ACK covers enough segments for the 3-bit ACE field to
     * have cycled, assume it did (dSafer.cep, A.2.1), unless the option's CE bytes show the
     * smaller count is safe enough (A.2.2). An ACE increment larger than the segments acknowledged
     * is taken as it is (its count of control packets would be the incomplete one).
     */
    private long saferCep(long dCep, long dCeb, long delivered, int smss) {
        long ackedPackets = (delivered + smss - 1) / smss;
        if (ackedPackets <= dCep) {
            return dCep;
        }
        long dSafer = ackedPackets - (ackedPackets - dCep) % DIVACE;
        if (dSafer > dCep && newlyCeBytesFromOption && dCeb <= (long) smss * dCep
                && dCeb / dSafer < smss / SAFETY_FACTOR) {
            return dCep;
        }
        return dSafer;
    }

    /** Newly CE-marked packets the last ACK told of (0 when the response is off). */
    long newlyCePackets() {
        return newlyCePackets;
    }

    /** Newly CE-marked bytes the last ACK told of: from its ECEB field, else its packets × SMSS (appendix A.3). */
    long newlyCeBytes() {
        return newlyCeBytes;
    }

    /** Whether {@link #newlyCeBytes()} came from the option's ECEB field. */
    boolean newlyCeBytesFromOption() {
        return newlyCeBytesFromOption;
    }

    /** CE-marked packets the peer has reported, s.cep − 5. */
    long cePackets() {
        return on ? cep - AccEcnReceiver.CEP_INIT : 0;
    }

    long ceBytes() {
        return ceb;
    }

    long ect0Bytes() {
        return on ? e0b - AccEcnReceiver.EB_INIT : 0;
    }

    long ect1Bytes() {
        return on ? e1b - AccEcnReceiver.EB_INIT : 0;
    }
}
