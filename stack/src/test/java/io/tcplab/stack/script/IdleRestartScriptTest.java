package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/**
 * The window after an idle period (RFC 5681 §4.1): restarted from the initial window when the
 * connection sent nothing for longer than the RTO, or kept (Linux tcp_slow_start_after_idle = 0).
 * MSS 1000, Reno, an RTT of 100 ms, so the RTO is RFC 6298's floor of 1 s.
 */
class IdleRestartScriptTest {
    private static final int MSS = 1000;
    private static final int WIN = 65535;

    /**
     * Ten segments each acknowledged alone grow the window past 10 segments in slow start (to 14: it
     * grows while twice the flight before the ACK reaches it, RFC 7661 as Linux's
     * tcp_is_cwnd_limited: 10, 9, 8, 7 segments). After 3 s of silence 30
     * segments are written: with the restart 10 leave (the initial window), without it the whole
     * window.
     */
    @Test
    void anIdleConnectionRestartsFromTheInitialWindowOnlyWhenAsked() {
        for (boolean restart : new boolean[] {true, false}) {
            ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().slowStartAfterIdle(restart).build());
            p.acceptFrom(plainSyn().mss(MSS), 100);
            p.write(10 * MSS);
            assertThat(p.drain()).hasSize(10);
            p.advanceBy(100);
            for (int i = 1; i <= 10; i++) {
                p.in(seg(".").seq(1).ack(1 + i * MSS).win(WIN));
            }
            p.expectNothing();
            long window = p.connection().info().cwndBytes() / MSS;
            assertThat(window).isEqualTo(14);
            p.advanceBy(3000);
            p.write(30 * MSS);
            assertThat(p.drain()).as("restart " + restart).hasSize(restart ? 10 : (int) window);
        }
    }
}
