package io.tcplab.stack;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.SegmentOutput;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * The stateless half of a listener under a SYN flood (RFC 4987 §3.6): answers a SYN with a
 * SYN-ACK whose ISN is a {@link SynCookies cookie}, and turns an ACK that returns a valid cookie
 * back into the SYN options the connection is made with. Nothing is kept between the two.
 */
final class CookieHandshake {
    private final SynCookies cookies;
    private final SegmentOutput output;
    private final StackStats stats;
    /** The SYN's options as a returning cookie restores them; reused for every ACK. */
    private final TcpOptions restored = new TcpOptions();

    CookieHandshake(RandomSource random, SegmentOutput output, StackStats stats) {
        this.cookies = new SynCookies(random);
        this.output = output;
        this.stats = stats;
    }

    /** Sends the cookie SYN-ACK for this SYN; {@code key} is its four-tuple as seen by us. */
    void answerSyn(long now, ConnectionKey key, TcpHeader syn, TcpOptions peer, ConnectionOptions options,
                   boolean ecnSetup) {
        int peerMss = peer.mss() > 0 ? peer.mss() : key.local().length == 4 ? 536 : 1220; // RFC 9293 §3.7.1
        int cookie = cookies.cookie(now, key, syn.seq(), peerMss);
        boolean ts = options.timestamps && peer.hasTimestamps();
        // without timestamps there is nowhere to remember these, so they are not offered (RFC 4987 §3.6)
        boolean scale = ts && options.windowScale && peer.windowScale() >= 0;
        boolean sack = ts && options.sack && peer.sackPermitted();
        boolean ecn = ts && ecnSetup && options.ecn;
        TcpOptions o = output.options();
        o.setMss(key.local().length == 16 ? options.mss - 20 : options.mss);
        int ourShift = TcpOptions.windowShiftFor(options.receiveBufferBytes);
        if (scale) {
            o.setWindowScale(ourShift);
        }
        if (sack) {
            o.setSackPermitted(true);
        }
        if (ts) {
            int peerShift = scale ? Math.min(peer.windowScale(), 14) : SynCookies.NO_WINDOW_SCALE;
            int clock = (int) (now / options.timestampTickNanos) + cookies.tsOffset(key);
            o.setTimestamps(SynCookies.tsValWithOptions(clock, SynCookies.optionBits(peerShift, sack, ecn)),
                    peer.tsVal());
        }
        int flags = TcpHeader.SYN | TcpHeader.ACK | (ecn ? TcpHeader.ECE : 0);
        output.send(key.local(), key.remote(), key.localPort(), key.remotePort(), cookie, syn.seq() + 1, flags,
                Math.min(options.receiveBufferBytes, 65535), 0);
        stats.countSynCookieSent();
    }

    /**
     * The SYN options a pure ACK's cookie restores, or null — counted as rejected — when ACK − 1
     * is not a cookie we made for this four-tuple and SEQ − 1 within the last two periods.
     */
    TcpOptions restore(long now, ConnectionKey key, TcpHeader ack, TcpOptions ackOptions) {
        int mss = cookies.validate(now, key, ack.seq() - 1, ack.ack() - 1);
        if (mss < 0) {
            stats.countSynCookieRejected();
            return null;
        }
        stats.countSynCookieValidated();
        restored.clear();
        restored.setMss(mss);
        if (ackOptions.hasTimestamps()) {
            int bits = ackOptions.tsEcr();
            int shift = SynCookies.windowShiftOf(bits);
            if (shift != SynCookies.NO_WINDOW_SCALE) {
                restored.setWindowScale(shift);
            }
            restored.setSackPermitted(SynCookies.sackOf(bits));
            restored.setTimestamps(ackOptions.tsVal(), 0);
        }
        return restored;
    }

    /** Whether the restored options asked for ECN (only known through timestamps). */
    boolean ecnRestored(TcpOptions ackOptions) {
        return ackOptions.hasTimestamps() && SynCookies.ecnOf(ackOptions.tsEcr());
    }

    /** The timestamp offset the cookie SYN-ACK used for this four-tuple. */
    int tsOffset(ConnectionKey key) {
        return cookies.tsOffset(key);
    }
}
