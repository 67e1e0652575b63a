package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkStats;
import io.tcplab.tools.link.aqm.AqmSpec;
import org.junit.jupiter.api.Test;

/**
 * Whole transfers through each AQM on a bloated path (100 Mbit/s, 20 ms RTT, a 1000-packet
 * buffer: 120 ms of drop-tail queue): the bytes arrive intact, and the AQM keeps the typical
 * sojourn time far below drop-tail's and below its own target.
 */
class AqmTransferTest {
    private static final long MS = 1_000_000;

    private static TransferResult transfer(String aqm, String queue, boolean ecn) {
        LinkParams forward = LinkParams.parse("rate=100Mbit,delay=10ms,queue=" + queue).setAqm(AqmSpec.parse(aqm));
        ConnectionOptions options = ConnectionOptions.builder().ecn(ecn).sendBufferBytes(8 << 20)
                .receiveBufferBytes(8 << 20).build();
        TransferResult r = TransferRunner.run(new TransferSpec(32 << 20, forward,
                LinkParams.parse("rate=100Mbit,delay=10ms,queue=" + queue), null, 7, options, -1,
                3_600_000_000_000L), null);
        assertThat(r.streamsEqual()).as(aqm).isTrue();
        return r;
    }

    @Test
    void eachAqmKeepsTheQueueShortWhereDropTailFillsIt() {
        long dropTail = transfer("droptail", "1000p", false).links().get("forward").sojourn().p50Nanos();
        assertThat(dropTail).isGreaterThan(40 * MS);
        String[][] aqms = {{"codel", "5"}, {"fq_codel", "5"}, {"pie", "15"}, {"dualpi2", "15"}};
        for (String[] aqm : aqms) {
            LinkStats forward = transfer(aqm[0], "1000p", false).links().get("forward");
            assertThat(forward.queue()).startsWith(aqm[0] + ":");
            assertThat(forward.sojourn().p50Nanos()).as(aqm[0]).isLessThan(dropTail / 4)
                    .isLessThan(Long.parseLong(aqm[1]) * MS);
            assertThat(forward.overflowDropped() + forward.aqmDropped()).isEqualTo(forward.queueDropped());
        }
    }

    @Test
    void anEcnFlowSeesMarksNotDrops() {
        // a buffer slow start cannot overflow, so only the AQM acts: it marks the ECN-capable packets
        // (PIE marks only while its probability is at most 10 %, RFC 8033 §5.1, so it may drop them too)
        for (String aqm : new String[] {"codel:ecn=on", "fq_codel", "dualpi2"}) {
            TransferResult r = transfer(aqm, "10000p", true);
            LinkStats forward = r.links().get("forward");
            assertThat(forward.ceMarked()).as(aqm).isPositive();
            assertThat(forward.queueDropped()).as(aqm).isZero();
            assertThat(r.segmentsRetransmitted()).as(aqm).isZero();
        }
    }

    @Test
    void fqCodelWithOneFlowIsCodel() {
        // one flow has one queue, which gets every turn of the round robin: FQ-CoDel is its CoDel
        // (with a buffer that does not overflow: over the limit CoDel drops the arrival, FQ-CoDel the oldest)
        LinkStats codel = transfer("codel:ecn=on", "10000p", true).links().get("forward");
        LinkStats fq = transfer("fq_codel:ecn=on", "10000p", true).links().get("forward");
        assertThat(fq.sojourn()).isEqualTo(codel.sojourn());
        assertThat(fq.ceMarked()).isEqualTo(codel.ceMarked());
        assertThat(fq.queueDropped()).isEqualTo(codel.queueDropped());
    }
}
