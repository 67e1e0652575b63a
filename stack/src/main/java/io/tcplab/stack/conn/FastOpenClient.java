package io.tcplab.stack.conn;

import io.tcplab.stack.wire.TcpOptions;

/**
 * The client side of TCP Fast Open (RFC 7413 §4.1, §4.2.1) for one active open, as Linux runs it
 * (tcp_fastopen.c, tcp_output.c tcp_send_syn_data, tcp_input.c tcp_rcv_fastopen_synack):
 *
 * <ul>
 * <li>At the open, the stack's {@link FastOpenCache} is read. With a cookie for the server (or
 * when none is needed) the SYN waits for the application's first write, whose bytes it carries
 * with the cookie — Linux's deferred connect of {@code TCP_FASTOPEN_CONNECT} and
 * {@code MSG_FASTOPEN}; a write of nothing sends it with the cookie alone. Without one the SYN
 * leaves at once with a cookie request.</li>
 * <li>The SYN carries at most the server's last MSS, bounded by ours, less 40 bytes: room for the
 * most options a middlebox could add (Linux reserves MAX_TCP_OPTION_SPACE). A retransmitted SYN
 * carries neither option nor data (§4.1.3: the SYN or its data may have been dropped).</li>
 * <li>The SYN-ACK's cookie (only if ours carried the option), its MSS and whether to ask in the
 * experimental form go to the cache; the part of the data it did not acknowledge is sent again
 * at once (§4.2.1).</li>
 * </ul>
 */
final class FastOpenClient {
    /** Linux MAX_TCP_OPTION_SPACE: the SYN's data leaves room for the largest options area. */
    static final int SYN_OPTION_RESERVE = TcpOptions.MAX_LENGTH;
    /** Linux's floor for the MSS of a SYN's data (__tcp_mtu_to_mss: 48). */
    private static final int MIN_MSS = 48;

    private final Connection c;
    private final Sender sender;
    private final FastOpen fastOpen;
    private final byte[] cookie = new byte[TcpOptions.MAX_FAST_OPEN_COOKIE];
    /** The cookie to send: -1 none (no option), 0 a request, else its length. */
    private int cookieLength = -1;
    private boolean experimental;
    /** The server's MSS from the cache, 0 when unknown. */
    private int cachedMss;
    /** The SYN waits for the application's first write. */
    private boolean deferred;
    /** What the first SYN carried: the option (Linux syn_fastopen), in which form, and how many data bytes (syn_data). */
    private boolean synOption;
    private boolean synOptionExperimental;
    private int synData;

    FastOpenClient(Connection c, Sender sender, FastOpen fastOpen) {
        this.c = c;
        this.sender = sender;
        this.fastOpen = fastOpen;
    }

    /** The cache's answer ({@link FastOpenCache#lookup}). */
    void known(int mss, byte[] cachedCookie, int length, boolean experimentalForm) {
        cachedMss = mss;
        if (length > 0) {
            System.arraycopy(cachedCookie, 0, cookie, 0, length);
        }
        cookieLength = length;
        experimental = experimentalForm;
    }

    /** At the active open: reads the cache; true when the SYN is to wait for the first write. */
    boolean open() {
        if (!fastOpen.client) {
            return false;
        }
        c.ctx.fastOpenCache().lookup(c.localAddress, c.remoteAddress, this);
        if (fastOpen.clientWithoutCookie) {
            cookieLength = -1; // data without any option (Linux tcp_fastopen_cookie_check, TFO_CLIENT_NO_COOKIE)
            deferred = true;
        } else if (cookieLength > 0) {
            deferred = true;
        } else {
            cookieLength = 0; // a cookie request
        }
        return deferred;
    }

    /** The SYN is waiting for the application's first write. */
    boolean deferred() {
        return deferred;
    }

    /**
     * How many bytes the SYN may carry: the server's cached MSS (ours when unknown), bounded by
     * ours ({@code ourMss}) and the path's ({@code pathMss}, 0 when none reported), less
     * {@link #SYN_OPTION_RESERVE} (Linux tcp_send_syn_data).
     */
    int synDataRoom(int ourMss, int pathMss) {
        int mss = Math.min(cachedMss > 0 ? cachedMss : ourMss, ourMss);
        if (pathMss > 0) {
            mss = Math.min(mss, pathMss);
        }
        return Math.max(MIN_MSS, mss) - SYN_OPTION_RESERVE;
    }

    /** The first SYN leaves now with {@code data} bytes (0 for a request or an empty write). */
    void sendingSyn(int data) {
        deferred = false;
        synOption = cookieLength >= 0;
        synOptionExperimental = experimental;
        synData = data;
    }

    /** Bytes of data the first SYN carried. */
    int synData() {
        return synData;
    }

    /** Adds our option to the first SYN's options (none on a retransmission, §4.1.3); returns whether it fitted. */
    void addOption(TcpOptions o, boolean retransmission) {
        if (synOption && !retransmission
                && o.encodedLength() + TcpOptions.fastOpenOptionLength(cookieLength, experimental) <= TcpOptions.MAX_LENGTH) {
            o.setFastOpen(cookie, 0, cookieLength, experimental);
        }
    }

    /**
     * The SYN-ACK arrived, acknowledging up to {@code ack} (Linux tcp_rcv_fastopen_synack). Updates
     * the cache and returns whether the SYN's data was acknowledged whole; the caller sends the
     * rest again. {@code synRetransmitted}: our SYN timed out (then a missing cookie with data
     * unacknowledged means the SYN's data was dropped, and no new form is tried).
     */
    boolean onSynAck(TcpOptions synAck, long ack, long dataEnd, boolean synRetransmitted) {
        if (!synOption && synData == 0) {
            return false;
        }
        int length = synOption ? synAck.fastOpenLength() : -1; // an unsolicited cookie is ignored
        int tryExperimental = 0;
        if (synOption && !synRetransmitted && length < 0 && synData == 0) {
            tryExperimental = synOptionExperimental ? 2 : 1; // asked and got nothing: the other form once, then kind 34
        }
        byte[] answer = cookie;
        if (length > 0) {
            answer = new byte[length];
            synAck.copyFastOpenCookie(answer, 0);
        }
        c.ctx.fastOpenCache().store(c.localAddress, c.remoteAddress, Math.max(0, synAck.mss()), answer, length,
                synAck.fastOpenExperimental(), tryExperimental);
        return synData > 0 && ack >= dataEnd;
    }

    /**
     * RFC 7413 §4.2.1: the SYN-ACK did not acknowledge all the data our SYN carried at
     * {@code sentAt}. The rest joins the scoreboard as segments of the negotiated size sent then,
     * all deemed lost, so the next send resends them (Linux tcp_rcv_fastopen_synack marks the
     * SYN's data lost and retransmits it without a congestion response).
     */
    void resendSynData(long now, long sentAt) {
        SendSequence seq = sender.sequence();
        for (long start = seq.una(); start < seq.nxt(); ) {
            int len = (int) Math.min(sender.smss(), seq.nxt() - start);
            sender.recordSent(start, len, sentAt);
            start += len;
        }
        sender.recovery().onSynDataUnacknowledged(now);
    }
}
