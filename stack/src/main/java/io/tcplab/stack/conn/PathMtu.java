package io.tcplab.stack.conn;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.seq.SeqNum;
import io.tcplab.stack.trace.TraceEvent;

/**
 * ICMP errors for one connection (RFC 9293 §3.9.2.2, RFC 1122 §4.2.3.9, RFC 5461 soft errors)
 * and the path MTU they report (RFC 1191, RFC 8201), which caps the send MSS.
 */
final class PathMtu {
    /** RFC 1191 §3 (IPv4: a host need not go below 68; we hold 576, as RFC 1122 §3.3.3 lets every host receive). */
    private static final int MIN_PATH_MTU_V4 = 576;
    /** RFC 8200 §5, RFC 8201 §4: every IPv6 link carries 1280. */
    private static final int MIN_PATH_MTU_V6 = 1280;

    private final Connection c;
    private final Sender sender;
    private final SendSequence snd;
    private final Timestamps timestamps;
    private final boolean ipv4;
    /** The lowest path MTU an ICMP error reported; 0 while none did. */
    private int pathMtu;
    private SoftError lastSoftError;

    PathMtu(Connection c, Sender sender, Timestamps timestamps) {
        this.c = c;
        this.sender = sender;
        this.snd = sender.sequence();
        this.timestamps = timestamps;
        this.ipv4 = c.localAddress.length == 4;
    }

    /** See {@link Connection#onIcmpError}. */
    DropReason onError(long now, SoftError error, int quotedSeq, long mtu) {
        long seq = SeqNum.unwrap(quotedSeq, snd.una());
        TcpState state = c.state();
        if (state == TcpState.CLOSED || seq < snd.una() || seq >= snd.nxt()) {
            return DropReason.ICMP_OUT_OF_WINDOW;
        }
        lastSoftError = error;
        c.trace(now, TraceEvent.ICMP_ERROR, error.name(), seq, 0);
        if (error == SoftError.PACKET_TOO_BIG) {
            lower(now, mtu, state);
        } else if (error.hard() && state == TcpState.SYN_SENT) {
            c.closing.enterClosed(now, ConnectionError.REFUSED);
        }
        return null;
    }

    private void lower(long now, long mtu, TcpState state) {
        int floor = ipv4 ? MIN_PATH_MTU_V4 : MIN_PATH_MTU_V6;
        int clamped = (int) Math.max(floor, Math.min(mtu, 65535 + 40));
        if (pathMtu > 0 && clamped >= pathMtu) {
            return; // RFC 8201 §4: an MTU at or above what we use says nothing new
        }
        pathMtu = clamped;
        if (c.receiver() == null) {
            return; // SYN-SENT: the handshake applies it
        }
        int mss = Math.max(1, mssFor(clamped));
        if (mss >= sender.smss()) {
            return;
        }
        sender.useMss(mss); // in SYN-RECEIVED the congestion controller starts with it
        if (state.synchronized_()) {
            afterMssLowered(now, mss);
        }
    }

    /**
     * RFC 1191 §6.4, RFC 8201 §5.4: the path MTU fell so that segments carry at most {@code mss}
     * bytes. Later segments use it; outstanding segments longer than it were dropped on the path
     * and are resent at once (in pieces), without a congestion response: the loss was not congestion.
     */
    private void afterMssLowered(long now, int mss) {
        sender.cc().onMssChange(mss, now);
        c.trace(now, TraceEvent.PMTU, null, snd.una(), mss);
        sender.recovery().onMssLowered(now, mss);
        sender.trySend(now);
    }

    /** The largest MSS the reported path MTU allows, or 0 while none was reported. */
    int mssLimit() {
        return pathMtu > 0 ? mssFor(pathMtu) : 0;
    }

    /** Payload bytes that fit a path MTU: less the IP header, the TCP header and our timestamps. */
    private int mssFor(int mtu) {
        int ipHeader = ipv4 ? 20 : 40;
        return mtu - ipHeader - 20 - (timestamps.agreed() ? Timestamps.OPTION_BYTES : 0);
    }

    int pathMtu() {
        return pathMtu;
    }

    SoftError lastSoftError() {
        return lastSoftError;
    }
}
