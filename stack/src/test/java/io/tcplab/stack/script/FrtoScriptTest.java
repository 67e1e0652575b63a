package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/**
 * F-RTO (RFC 5682 §2) on its own: no timestamps, so Eifel cannot tell. The path stalls for longer
 * than the RTO (1 s). After the timeout only the first segment is resent; what the next two ACKs
 * say decides between a spurious timeout (undo, no go-back-N) and a real one.
 */
class FrtoScriptTest {
    private static final int MSS = 1460;

    private static ScriptedPeer timedOut() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().recovery("rfc6675") // no TLP
                .spurious("frto").build());
        p.acceptFrom(plainSyn().sackOk(), 100);
        p.write(20 * MSS);
        p.drain(); // IW10 at 100 ms
        p.advanceTo(1100); // the RTO: 1 s after the first send
        assertThat(p.drain()).extracting(Seg::seq).containsExactly(1); // step 1: the first segment only
        assertThat(p.connection().info().rtoCount()).isEqualTo(1);
        return p;
    }

    private static int seq(int segment) {
        return 1 + segment * MSS;
    }

    @Test
    void twoAdvancingAcksShowTheTimeoutWasSpurious() {
        ScriptedPeer p = timedOut();
        p.advanceTo(1150);
        p.in(seg(".").seq(1).ack(seq(5))); // the delayed originals arrive
        assertThat(p.drain()).as("step 2b: two new segments, not retransmissions")
                .extracting(Seg::seq).containsExactly(seq(10), seq(11));
        p.in(seg(".").seq(1).ack(seq(8)));
        assertThat(p.connection().info().spuriousUndos()).isEqualTo(1);
        assertThat(p.drain()).extracting(Seg::seq).allMatch(s -> s >= seq(12)); // new data only: no go-back-N
        assertThat(p.connection().info().segmentsRetransmitted()).isEqualTo(1);
    }

    @Test
    void aDuplicateAckAfterTheNewSegmentsMeansARealTimeout() {
        ScriptedPeer p = timedOut();
        p.advanceTo(1200);
        p.in(seg(".").seq(1).ack(seq(1))); // the retransmission arrived; segment 1 on was lost
        assertThat(p.drain()).extracting(Seg::seq).containsExactly(seq(10), seq(11));
        p.in(seg(".").seq(1).ack(seq(1)).sack(seq(10), seq(11)));
        assertThat(p.connection().info().spuriousUndos()).isZero();
        assertThat(p.drain()).as("step 3a: conventional recovery resends from SND.UNA")
                .extracting(Seg::seq).contains(seq(1));
    }
}
