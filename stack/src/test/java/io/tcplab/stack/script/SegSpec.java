package io.tcplab.stack.script;

import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * One segment described by the fields a test cares about, for both directions: for
 * {@link ScriptedPeer#in} it is built into a packet, for {@link ScriptedPeer#expect} the fields
 * given are compared and the others are wildcards. Sequence numbers are relative (see {@link Seg}).
 *
 * <p>Flags are written as in packetdrill: {@code S} SYN, {@code F} FIN, {@code R} RST, {@code P}
 * PSH, {@code U} URG, {@code E} ECE, {@code W} CWR, {@code A} AE (RFC 9768), {@code .} ACK; e.g.
 * {@code "S."} is SYN-ACK.
 */
final class SegSpec {
    int flags;
    Integer seq;
    Integer ack;
    Integer rawSeq;
    Integer rawAck;
    Integer window;
    Integer mss;
    Integer wscale;
    Boolean sackOk;
    Boolean hasTs;
    Boolean exactCeEcho;
    Integer tsVal;
    Integer tsEcr;
    List<int[]> sackBlocks;
    Integer len;
    Integer ecn;
    Long atNanos;
    byte[] data;
    Integer srcPort;
    /** The AccECN option as {@link Seg#describeAccEcn} writes it, or "none"; null: not checked (outbound), none (inbound). */
    String accEcn;
    /** The Fast Open option as {@link Seg#describeFastOpen} writes it, "none" for none; null: not checked (outbound) or none (inbound). */
    String fastOpen;
    int accEcnKind;
    long[] accEcnFields;

    private SegSpec(int flags) {
        this.flags = flags;
    }

    static SegSpec seg(String flags) {
        int f = 0;
        for (char c : flags.toCharArray()) {
            f |= switch (c) {
                case 'S' -> TcpHeader.SYN;
                case 'F' -> TcpHeader.FIN;
                case 'R' -> TcpHeader.RST;
                case 'P' -> TcpHeader.PSH;
                case 'U' -> TcpHeader.URG;
                case 'E' -> TcpHeader.ECE;
                case 'W' -> TcpHeader.CWR;
                case 'A' -> TcpHeader.AE;
                case '.' -> TcpHeader.ACK;
                default -> throw new IllegalArgumentException("unknown flag '" + c + "' in \"" + flags + '"');
            };
        }
        return new SegSpec(f);
    }

    SegSpec seq(int relative) { seq = relative; return this; }
    /** Adds ECE and CWR: an ECN-setup SYN (RFC 3168 §6.1.1). */
    SegSpec flagsEcnSetup() { flags |= TcpHeader.ECE | TcpHeader.CWR; return this; }
    SegSpec ack(int relative) { ack = relative; return this; }
    /** Sets the ACE field (RFC 9768 §3.2.2) to {@code value}: AE, CWR and ECE as a 3-bit number. */
    SegSpec ace(int value) { flags = flags & ~TcpHeader.ACE_MASK | TcpHeader.aceFlags(value); return this; }
    /** An AccECN0 option (kind 172) with these leading fields, in its order EE0B, ECEB, EE1B. */
    SegSpec accEcn0(long... fields) { return accEcnOption(io.tcplab.stack.wire.TcpOptions.KIND_ACCECN0, "AccECN0", fields); }
    /** An AccECN1 option (kind 174) with these leading fields, in its order EE1B, ECEB, EE0B. */
    SegSpec accEcn1(long... fields) { return accEcnOption(io.tcplab.stack.wire.TcpOptions.KIND_ACCECN1, "AccECN1", fields); }
    SegSpec noAccEcn() { accEcn = "none"; accEcnKind = 0; return this; }
    private SegSpec accEcnOption(int kind, String name, long[] fields) {
        accEcnKind = kind;
        accEcnFields = fields.clone();
        StringBuilder s = new StringBuilder(name).append('[');
        for (int i = 0; i < fields.length; i++) {
            s.append(i > 0 ? "," : "").append(fields[i]);
        }
        accEcn = s.append(']').toString();
        return this;
    }
    /** The sequence number as on the wire, e.g. 0 in a RST answering a segment without ACK. */
    SegSpec rawSeq(int raw) { rawSeq = raw; return this; }
    SegSpec rawAck(int raw) { rawAck = raw; return this; }
    /** The window field as on the wire (scaled). */
    SegSpec win(int field) { window = field; return this; }
    SegSpec mss(int bytes) { mss = bytes; return this; }
    SegSpec wscale(int shift) { wscale = shift; return this; }
    SegSpec sackOk() { sackOk = true; return this; }
    SegSpec sackOk(boolean present) { sackOk = present; return this; }
    /** Timestamps: inbound both raw-ish (ecr relative to the stack's clock), outbound val relative. */
    SegSpec ts(int val, int ecr) { hasTs = true; tsVal = val; tsEcr = ecr; return this; }
    SegSpec tsVal(int val) { hasTs = true; tsVal = val; return this; }
    SegSpec tsEcr(int ecr) { hasTs = true; tsEcr = ecr; return this; }
    SegSpec noTs() { hasTs = false; return this; }
    /** The exact-CE-echo experimental option (RFC 6994 kind 253, tcplab's ExID) present or not. */
    SegSpec exactCeEcho(boolean present) { exactCeEcho = present; return this; }
    /** The Fast Open option (RFC 7413 §4.1.1): {@code "FO"} (a cookie request), {@code "FO 0011aabb"}, {@code "FOEXP ..."}, or {@code "none"}. */
    SegSpec fastOpen(String option) { fastOpen = option; return this; }
    /** SACK blocks as relative left/right pairs; {@code sack()} with no edges means "no SACK blocks". */
    SegSpec sack(int... edges) {
        if (edges.length % 2 != 0) {
            throw new IllegalArgumentException("SACK edges come in left/right pairs");
        }
        sackBlocks = new ArrayList<>();
        for (int i = 0; i < edges.length; i += 2) {
            sackBlocks.add(new int[] {edges[i], edges[i + 1]});
        }
        return this;
    }
    /** No MSS, window scale, SACK-permitted, timestamps or SACK blocks. */
    SegSpec noOptions() {
        mss = -1;
        wscale = -1;
        sackOk = false;
        hasTs = false;
        exactCeEcho = false;
        sackBlocks = List.of();
        return this;
    }
    /** Payload length: inbound, that many bytes of the peer's pattern; outbound, the length expected. */
    SegSpec len(int bytes) { len = bytes; return this; }
    /** Inbound only: these exact payload bytes. */
    SegSpec data(byte[] bytes) { data = bytes.clone(); len = bytes.length; return this; }
    /** IP ECN codepoint (RFC 3168 §5): 0 Not-ECT, 2 ECT(0), 1 ECT(1), 3 CE. */
    SegSpec ecn(int codepoint) { ecn = codepoint; return this; }
    /** Expected emission time in milliseconds of virtual time. */
    SegSpec at(long ms) { atNanos = ms * 1_000_000L; return this; }
    SegSpec atNanos(long nanos) { atNanos = nanos; return this; }
    /** Inbound only: send from this peer port instead of {@link ScriptedPeer#REMOTE_PORT}. */
    SegSpec fromPort(int port) { srcPort = port; return this; }

    /** The differences between this expectation and {@code s}, empty when it matches. */
    List<String> mismatches(Seg s) {
        List<String> out = new ArrayList<>();
        check(out, "flags", Seg.flagString(flags), Seg.flagString(s.flags()));
        check(out, "seq", seq, s.seq());
        check(out, "ack", ack, s.ack());
        check(out, "raw seq", rawSeq, s.rawSeq());
        check(out, "raw ack", rawAck, s.rawAck());
        check(out, "win", window, s.window());
        check(out, "mss", mss, s.mss());
        check(out, "wscale", wscale, s.wscale());
        check(out, "sackOK", sackOk, s.sackOk());
        check(out, "TS present", hasTs, s.hasTs());
        check(out, "exact CE echo option", exactCeEcho, s.exactCeEcho());
        check(out, "AccECN option", accEcn, s.accEcn());
        check(out, "Fast Open option", fastOpen, s.fastOpen());
        if (s.hasTs()) {
            check(out, "TS val", tsVal, s.tsVal());
            check(out, "TS ecr", tsEcr, s.tsEcr());
        }
        if (sackBlocks != null) {
            check(out, "SACK blocks", describe(sackBlocks), describe(s.sackBlocks()));
        }
        check(out, "len", len, s.len());
        check(out, "ecn", ecn, s.ecn());
        check(out, "time (ns)", atNanos, s.atNanos());
        return out;
    }

    private static void check(List<String> out, String field, Object expected, Object actual) {
        if (expected != null && !expected.equals(actual)) {
            out.add(field + ": expected " + expected + ", got " + actual);
        }
    }

    private static String describe(List<int[]> blocks) {
        StringBuilder s = new StringBuilder("[");
        for (int[] b : blocks) {
            s.append(s.length() > 1 ? " " : "").append(b[0]).append(':').append(b[1]);
        }
        return s.append(']').toString();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(Seg.flagString(flags));
        append(s, "seq", seq);
        append(s, "ack", ack);
        append(s, "rawSeq", rawSeq);
        append(s, "rawAck", rawAck);
        append(s, "win", window);
        append(s, "mss", mss);
        append(s, "wscale", wscale);
        append(s, "sackOK", sackOk);
        append(s, "TS", hasTs);
        append(s, "exactCeEcho", exactCeEcho);
        append(s, "fastOpen", fastOpen);
        append(s, "TS val", tsVal);
        append(s, "TS ecr", tsEcr);
        if (sackBlocks != null) {
            s.append(" sack ").append(describe(sackBlocks));
        }
        append(s, "len", len);
        append(s, "ecn", ecn);
        if (atNanos != null) {
            s.append(String.format(" @%.3fms", atNanos / 1e6));
        }
        return s.toString();
    }

    private static void append(StringBuilder s, String name, Object value) {
        if (value != null) {
            s.append(' ').append(name).append(' ').append(value);
        }
    }
}
