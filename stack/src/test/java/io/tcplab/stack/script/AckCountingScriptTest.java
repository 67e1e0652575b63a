package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/**
 * Slow start on the wire under {@code count=bytes} (RFC 3465, L = 2 SMSS) and {@code count=acks}
 * (Linux with tcp_abc = 0: one segment per ACK of new data, whatever it covers), with a receiver
 * that ACKs every segment and one that ACKs every second segment (a delayed-ACK receiver).
 */
class AckCountingScriptTest {
    private static final int MSS = 1460;
    private static final int IW = 4;

    private static ScriptedPeer established(String cc) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().congestionControl(cc)
                .initialWindowSegments(IW).build());
        p.acceptFrom(plainSyn());
        p.write(200 * MSS);
        assertThat(p.drain()).as("the initial window").hasSize(IW);
        return p;
    }

    private static long cwnd(ScriptedPeer p) {
        return p.connection().info().cwndBytes();
    }

    /** One ACK per segment: both countings add one segment per ACK. */
    @Test
    void everySegmentAckedGrowsOneSegmentPerAckEitherWay() {
        for (String cc : new String[] {"reno", "reno:count=acks"}) {
            ScriptedPeer p = established(cc);
            for (int k = 1; k <= IW; k++) {
                p.in(seg(".").seq(1).ack(1 + k * MSS));
                assertThat(cwnd(p)).as("%s after ACK %d", cc, k).isEqualTo((long) (IW + k) * MSS);
            }
        }
    }

    /** One ACK per two segments: byte counting adds two segments, ACK counting one. */
    @Test
    void delayedAcksHalveGrowthOnlyWhenCountingAcks() {
        ScriptedPeer bytes = established("reno");
        ScriptedPeer acks = established("reno:count=acks");
        for (int k = 1; k <= IW / 2; k++) {
            bytes.in(seg(".").seq(1).ack(1 + 2 * k * MSS));
            acks.in(seg(".").seq(1).ack(1 + 2 * k * MSS));
            assertThat(cwnd(bytes)).as("count=bytes after ACK %d", k).isEqualTo((long) (IW + 2 * k) * MSS);
            assertThat(cwnd(acks)).as("count=acks after ACK %d", k).isEqualTo((long) (IW + k) * MSS);
        }
    }

    /** An ACK of less than a segment: byte counting adds what it covers, ACK counting a whole segment. */
    @Test
    void aPartialAckIsAWholeSegmentWhenCountingAcks() {
        ScriptedPeer bytes = established("reno");
        ScriptedPeer acks = established("reno:count=acks");
        bytes.in(seg(".").seq(1).ack(1 + 500));
        acks.in(seg(".").seq(1).ack(1 + 500));
        assertThat(cwnd(bytes)).isEqualTo((long) IW * MSS + 500);
        assertThat(cwnd(acks)).isEqualTo((long) (IW + 1) * MSS);
    }
}
