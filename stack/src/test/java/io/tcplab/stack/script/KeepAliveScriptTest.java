package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;

import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import org.junit.jupiter.api.Test;

/** Keep-alive (RFC 9293 §3.8.4, RFC 1122 §4.2.3.6): off by default; when on, probe an idle peer, then give up. */
class KeepAliveScriptTest {
    private static final long S = 1_000_000_000L;

    private static ScriptedPeer established() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().keepAlive(10 * S, S, 3).build());
        p.acceptFrom(plainSyn());
        return p;
    }

    /** RFC 1122 §4.2.3.6: a probe is <SEQ=SND.NXT-1> without data, so the peer must answer with an ACK. */
    @Test
    void idleConnectionIsProbedAndAbortedAfterTheProbeCount() {
        ScriptedPeer p = established();
        p.advanceTo(9_999);
        p.expectNothing();
        p.advanceTo(10_000);
        p.expect(seg(".").seq(0).ack(1).len(0).at(10_000));
        p.advanceTo(12_000);
        p.expect(seg(".").seq(0).at(11_000));
        p.expect(seg(".").seq(0).at(12_000));
        p.assertState(TcpState.ESTABLISHED);
        p.advanceTo(13_000);
        p.expectNothing();
        p.assertClosed(ConnectionError.TIMEOUT);
    }

    /** An answered probe resets the count and the idle time starts again from the answer. */
    @Test
    void answeredProbeKeepsTheConnection() {
        ScriptedPeer p = established();
        p.advanceTo(10_000);
        p.expect(seg(".").seq(0).at(10_000));
        p.advanceTo(10_050);
        p.in(seg(".").seq(1).ack(1));
        p.advanceTo(20_049);
        p.expectNothing();
        p.advanceTo(20_050);
        p.expect(seg(".").seq(0).at(20_050));
        p.assertState(TcpState.ESTABLISHED);
    }

    /**
     * Linux's TCP_KEEPIDLE on an open socket: the running timer moves to the new idle time,
     * counted from when the peer was last heard (at 0 here): 5 s instead of 10.
     */
    @Test
    void theIdleTimeCanChangeOnAnOpenConnection() {
        ScriptedPeer p = established();
        p.advanceTo(2_000);
        p.connection().socketOptions().setKeepAliveIdle(p.nowNanos(), 5 * S);
        p.advanceTo(4_999);
        p.expectNothing();
        p.advanceTo(5_000);
        p.expect(seg(".").seq(0).ack(1).len(0).at(5_000));
    }

    /** RFC 9293 §3.8.4: keep-alive MUST default to off. */
    @Test
    void offByDefault() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.defaults());
        p.acceptFrom(plainSyn());
        p.advanceTo(24 * 3600 * 1000L);
        p.expectNothing();
        p.assertState(TcpState.ESTABLISHED);
    }
}
