package io.tcplab.stack.script;

import io.tcplab.stack.wire.TcpHeader;
import java.util.List;

/**
 * An immutable copy of one segment the stack emitted, with sequence numbers made relative:
 * {@code seq} to the stack's ISN, {@code ack} and SACK edges to the peer's ISN, {@code tsVal} to
 * the stack's timestamp clock at t=0 (so with a 1 ms tick it reads as milliseconds). Options that
 * were absent read as -1 (mss, wscale) or false / empty.
 */
record Seg(long atNanos, int flags, int seq, int ack, int rawSeq, int rawAck, int window, int mss, int wscale,
           boolean sackOk, boolean hasTs, int tsVal, int tsEcr, boolean exactCeEcho, List<int[]> sackBlocks,
           byte[] payload, int ecn, String accEcn, String fastOpen) {

    /** The Fast Open option as {@link SegSpec#fastOpen} writes it: {@code FO}, {@code FO 0011aabb}, {@code FOEXP ...}, or "none". */
    static String describeFastOpen(io.tcplab.stack.wire.TcpOptions o) {
        if (o.fastOpenLength() < 0) {
            return "none";
        }
        byte[] cookie = new byte[o.fastOpenLength()];
        o.copyFastOpenCookie(cookie, 0);
        String name = o.fastOpenExperimental() ? "FOEXP" : "FO";
        return cookie.length == 0 ? name : name + " " + java.util.HexFormat.of().formatHex(cookie);
    }

    /** The AccECN option as {@link SegSpec} writes it: {@code AccECN0[e0b,ceb,e1b]} with the fields present, or "none". */
    static String describeAccEcn(io.tcplab.stack.wire.TcpOptions o) {
        if (!o.hasAccEcn()) {
            return "none";
        }
        boolean order0 = o.accEcnKind() == io.tcplab.stack.wire.TcpOptions.KIND_ACCECN0;
        int[] inOrder = order0 ? new int[] {o.accEcnE0b(), o.accEcnCeb(), o.accEcnE1b()}
                : new int[] {o.accEcnE1b(), o.accEcnCeb(), o.accEcnE0b()};
        StringBuilder s = new StringBuilder(order0 ? "AccECN0[" : "AccECN1[");
        for (int i = 0; i < o.accEcnFieldCount(); i++) {
            s.append(i > 0 ? "," : "").append(inOrder[i]);
        }
        return s.append(']').toString();
    }

    /** The ACE field (RFC 9768 §3.2.2): AE, CWR and ECE as a number. */
    int ace() {
        return TcpHeader.ace(flags);
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    int len() {
        return payload.length;
    }

    /** Sequence space the segment occupies: its data, plus one each for SYN and FIN. */
    int seqLen() {
        return payload.length + (has(TcpHeader.SYN) ? 1 : 0) + (has(TcpHeader.FIN) ? 1 : 0);
    }

    static String flagString(int flags) {
        StringBuilder s = new StringBuilder();
        appendIf(s, flags, TcpHeader.SYN, 'S');
        appendIf(s, flags, TcpHeader.FIN, 'F');
        appendIf(s, flags, TcpHeader.RST, 'R');
        appendIf(s, flags, TcpHeader.PSH, 'P');
        appendIf(s, flags, TcpHeader.URG, 'U');
        appendIf(s, flags, TcpHeader.ECE, 'E');
        appendIf(s, flags, TcpHeader.CWR, 'W');
        appendIf(s, flags, TcpHeader.AE, 'A');
        appendIf(s, flags, TcpHeader.ACK, '.');
        return s.toString();
    }

    private static void appendIf(StringBuilder s, int flags, int flag, char c) {
        if ((flags & flag) != 0) {
            s.append(c);
        }
    }

    /** tcpdump-like, relative numbers, time in ms. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append(String.format("@%.3fms %s seq %d ack %d win %d", atNanos / 1e6, flagString(flags), seq, ack, window));
        StringBuilder o = new StringBuilder();
        if (mss >= 0) {
            o.append("mss ").append(mss).append(',');
        }
        if (sackOk) {
            o.append("sackOK,");
        }
        if (hasTs) {
            o.append("TS val ").append(tsVal).append(" ecr ").append(Integer.toUnsignedString(tsEcr)).append(',');
        }
        if (wscale >= 0) {
            o.append("wscale ").append(wscale).append(',');
        }
        if (exactCeEcho) {
            o.append("exactCeEcho,");
        }
        if (!fastOpen.equals("none")) {
            o.append(fastOpen).append(',');
        }
        for (int[] b : sackBlocks) {
            o.append("sack ").append(b[0]).append(':').append(b[1]).append(',');
        }
        if (o.length() > 0) {
            s.append(" <").append(o, 0, o.length() - 1).append('>');
        }
        s.append(" len ").append(payload.length);
        if (ecn != 0) {
            s.append(" ecn ").append(ecn);
        }
        return s.toString();
    }
}
