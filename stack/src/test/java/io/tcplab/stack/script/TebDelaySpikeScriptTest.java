package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.recovery.DoubleDropRule;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.stack.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's stress test on a path that loses nothing: a flow at 100 ms RTT whose one-way delay
 * becomes 800 ms for packets that leave the bottleneck between 1 s and 2 s, then falls back, so
 * later packets overtake those still under way. No ACK returns for 800 ms, TEB's deadlines of 2 ×
 * the latest RTT (200 ms) fire and the flight is resent into the bump; none of it is lost, so a
 * double drop would be invented. The spike delays the data alone, or the ACKs sent meanwhile too
 * (an ns-3 point-to-point channel delays both directions); then the ACKs of what arrives during
 * the bump take 800 ms more, the sender hears nothing for 1.6 s and the RFC 6298 timer fires, a
 * timeout rather than a double drop.
 */
class TebDelaySpikeScriptTest {
    private static final int MSS = 1448;
    private static final int SEGMENTS = 800;
    private static final long BUMP_START = 1000;
    private static final long BUMP_END = 1900;
    /** Under the 1 s minimum RTO, so that the RFC 6298 timer — a fair answer to a second of silence — stays out of it. */
    private static final long BUMP_DELAY = 900;

    /**
     * The flight into the bump: {@code window} (a window field, << 7) at {@code serializeMs} per
     * segment. SHORT: 26 segments at 1 ms, under the path's 100, so nothing queues and the RTT
     * stays 100 ms. QUEUED: 61 segments at 4 ms, about 35 of them queued (an RTT near 240 ms):
     * the queue goes on releasing packets into the bump, which arrive after later ones.
     */
    private enum Flight {
        SHORT(300, 1), QUEUED(700, 4);

        final int window;
        final long serializeMs;

        Flight(int window, long serializeMs) {
            this.window = window;
            this.serializeMs = serializeMs;
        }
    }

    private record Run(ConnectionInfo info, LossFreePath path, List<Long> lossTimes, List<Long> undoTimes) {
    }

    private static long delay(long t) {
        return t >= BUMP_START && t < BUMP_END ? BUMP_DELAY : 50;
    }

    private static Run run(Flight flight, String spurious, DoubleDropRule rule, boolean ackDelayedToo) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery(new TebParameters(2, 2, rule).spec()).spurious(spurious).build());
        p.acceptFrom(fullSyn(), 100);
        List<Long> losses = new ArrayList<>();
        List<Long> undos = new ArrayList<>();
        p.connection().setTraceListener(r -> {
            if (r.event == TraceEvent.LOSS_DETECTED) {
                losses.add(r.nowNanos / 1_000_000);
            } else if (r.event == TraceEvent.SPURIOUS_UNDO) {
                undos.add(r.nowNanos / 1_000_000);
            }
        });
        LossFreePath path = new LossFreePath(p, flight.serializeMs, TebDelaySpikeScriptTest::delay,
                ackDelayedToo ? TebDelaySpikeScriptTest::delay : t -> 50, flight.window);
        p.write(SEGMENTS * MSS);
        path.runUntil(12_000);
        return new Run(p.connection().info(), path, losses, undos);
    }

    private static void assertNoDoubleDrop(String spurious, boolean ackDelayedToo) {
        for (Flight flight : Flight.values()) {
            assertNoDoubleDrop(flight, spurious, ackDelayedToo);
        }
    }

    private static void assertNoDoubleDrop(Flight flight, String spurious, boolean ackDelayedToo) {
        Run r = run(flight, spurious, DoubleDropRule.EVIDENCE, ackDelayedToo);
        assertThat(r.path.delivered()).as("everything arrived").isEqualTo((long) SEGMENTS * MSS);
        assertThat(r.lossTimes).as("TEB's deadlines fired during the bump")
                .anyMatch(t -> t > BUMP_START && t < BUMP_END);
        assertThat(r.info.doubleDrops()).as("double drops").isZero();
        if (!ackDelayedToo) {
            assertThat(r.info.rtoCount()).as("RTOs").isZero();
        }
    }

    @Test
    void aLossFreeSpikeOnTheDataPathIsNoDoubleDrop() {
        assertNoDoubleDrop("off", false);
        assertNoDoubleDrop("eifel", false);
    }

    @Test
    void aLossFreeSpikeInBothDirectionsIsNoDoubleDrop() {
        assertNoDoubleDrop("off", true);
        assertNoDoubleDrop("eifel", true);
    }

    /**
     * The same path under the rule before issue 15: the retransmissions' own deadlines (4 × the
     * latest RTT, 400 ms with the short flight) pass inside the bump.
     */
    @Test
    void theTimerRuleInventsDoubleDropsInTheSameSpike() {
        for (boolean both : new boolean[] {false, true}) {
            assertThat(run(Flight.SHORT, "off", DoubleDropRule.TIMER, both).info.doubleDrops())
                    .isPositive();
        }
    }

    /**
     * With Eifel the first ACK from the bump undoes the reduction and returns the flight, part of
     * which the queue released into the bump and is still under way; the deadlines start again
     * from the undo, so none of it is deemed lost within 2 × the latest RTT (100 ms by then) of it.
     */
    @Test
    void afterAnUndoTheSameSegmentsDoNotExpireAgainAtOnce() {
        for (boolean both : new boolean[] {false, true}) {
            Run r = run(Flight.QUEUED, "eifel", DoubleDropRule.EVIDENCE, both);
            assertThat(r.undoTimes).as("Eifel undid the bump's reduction").isNotEmpty();
            long undo = r.undoTimes.get(0);
            assertThat(r.lossTimes).as("losses right after the undo at %d ms", undo)
                    .noneMatch(t -> t >= undo && t < undo + 2 * 100);
        }
    }
}
