package io.tcplab.stack.conn;

/**
 * The send sequence variables of RFC 9293 §3.3.1 for one connection, 64-bit and unwrapped:
 * SND.UNA, SND.NXT, SND.WND with the segment it was taken from (SND.WL1, SND.WL2), the largest
 * window the peer offered, the peer's window scale and where our FIN sits once sent.
 */
final class SendSequence {
    private final long iss;
    private long una;
    private long nxt;
    /** SND.WND in bytes, already scaled. */
    private long wnd;
    private long wl1;
    private long wl2;
    private long maxWnd;
    private int windowShift;
    private long finSeq = -1;

    SendSequence(long iss) {
        this.iss = iss;
        this.una = iss;
        this.nxt = iss;
    }

    long iss() {
        return iss;
    }

    long una() {
        return una;
    }

    long nxt() {
        return nxt;
    }

    long window() {
        return wnd;
    }

    long maxWindow() {
        return maxWnd;
    }

    /** The peer's window scale shift (RFC 7323 §2.3), 0 unless the handshake agreed on scaling. */
    int windowShift() {
        return windowShift;
    }

    /** Sent and not yet cumulatively acknowledged: SND.NXT − SND.UNA. */
    long outstanding() {
        return nxt - una;
    }

    /**
     * What the peer's window still takes beyond SND.NXT (negative when it shrank below it). The
     * window starts after our SYN even while the SYN is unacknowledged: a Fast Open connection
     * sends in SYN-RECEIVED within the window of the peer's SYN, which counts from ISS + 1.
     */
    long windowRoom() {
        return Math.max(una, iss + 1) + wnd - nxt;
    }

    boolean allAcked() {
        return una == nxt;
    }

    /**
     * No data or FIN outstanding, our SYN aside: a Fast Open connection sends before its SYN is
     * acknowledged (RFC 7413 §4.2.2), and as in Linux (packets_out counts data) the SYN does not
     * hold back what Nagle or an idle restart look at.
     */
    boolean dataAllAcked() {
        return Math.max(una, iss + 1) == nxt;
    }

    /** The sequence number of our FIN, or -1 while none was sent. */
    long finSeq() {
        return finSeq;
    }

    boolean finAcked() {
        return finSeq >= 0 && una > finSeq;
    }

    /** Our SYN left: it takes the ISS (RFC 9293 §3.4); data a first Fast Open SYN carried stays sent. */
    void synSent() {
        nxt = Math.max(nxt, iss + 1);
    }

    /** The handshake's window, never scaled (RFC 7323 §2.2), and the shift the peer's later windows use. */
    void startWindow(long window, int shift) {
        wnd = window;
        maxWnd = window;
        windowShift = shift;
    }

    /** The handshake's ACK: the window was last taken from segment {@code segSeq}, acknowledging {@code ack}. */
    void windowFrom(long segSeq, long ack) {
        wl1 = segSeq;
        wl2 = ack;
    }

    /** SND.UNA moves to {@code ack}; callers check that it is acceptable. */
    void acknowledge(long ack) {
        una = ack;
    }

    /** The handshake completed: SND.UNA is past our SYN. */
    void establish() {
        una = Math.max(una, iss + 1);
    }

    /** {@code seqLen} sequence numbers from SND.NXT left; {@code fin}: the last of them is our FIN. */
    void sent(int seqLen, boolean fin) {
        if (fin) {
            finSeq = nxt + seqLen - 1;
        }
        nxt += seqLen;
    }

    /** RFC 9293 §3.10.7.4: take the window only from segments newer than the last update. */
    void updateWindow(long ack, long segSeq, int windowField) {
        if (wl1 < segSeq || (wl1 == segSeq && wl2 <= ack)) {
            wnd = (long) windowField << windowShift;
            wl1 = segSeq;
            wl2 = ack;
            maxWnd = Math.max(maxWnd, wnd);
        }
    }
}
