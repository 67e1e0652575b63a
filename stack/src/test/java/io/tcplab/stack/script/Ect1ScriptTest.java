package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.options;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;
import io.tcplab.stack.conn.EcnMode;
import org.junit.jupiter.api.Test;

/**
 * The L4S identifier (RFC 9331 §4.1): an algorithm that wants ECT(1) has its data sent ECT(1)
 * once Accurate ECN is agreed, and ECT(0) under classic ECN (§4.2: without feedback of the extent
 * of marking a sender must not claim L4S treatment). Pure ACKs stay Not-ECT either way.
 */
class Ect1ScriptTest {
    private static final int NOT_ECT = 0;
    private static final int ECT1 = 1;
    private static final int ECT0 = 2;

    /** Reno that asks for ECT(1): enough to see what the connection does with the ask. */
    private static final class ScalableReno extends WindowedCongestionControl {
        @Override
        public String name() {
            return "scalable-reno";
        }

        @Override
        public boolean wantsEct1() {
            return true;
        }

        @Override
        protected void congestionAvoidance(AckSample sample, long acked) {
            additiveIncrease(acked, cwnd / mss);
        }

        @Override
        protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
            return inflightBytes / 2;
        }

        @Override
        protected void undoPrivateState(UndoCause cause, long nowNanos) {
        }
    }

    private static ScriptedPeer server(EcnMode mode) {
        return new ScriptedPeer(options().ecnMode(mode).congestionControl(ScalableReno::new).build());
    }

    @Test
    void underAccEcnDataLeavesEct1() {
        ScriptedPeer p = server(EcnMode.ACCECN);
        p.listen();
        p.in(plainSyn().ace(7));
        p.expect(seg("S.").ace(0b010).seq(0).ack(1));
        p.in(seg(".").ace(0b010).seq(1).ack(1));
        p.accept();
        p.write(100);
        p.expect(seg("P.").ace(5).seq(1).len(100).ecn(ECT1));
        p.in(seg(".").seq(1).ack(101).len(100).ecn(ECT1));
        p.advanceTo(40);
        p.expect(seg(".").ace(5).ack(101).ecn(NOT_ECT));
    }

    @Test
    void underClassicEcnDataStaysEct0() {
        ScriptedPeer p = server(EcnMode.CLASSIC);
        p.listen();
        p.in(plainSyn().flagsEcnSetup());
        p.expect(seg("SE.").seq(0).ack(1).ecn(NOT_ECT));
        p.in(seg(".").seq(1).ack(1));
        p.accept();
        p.write(100);
        p.expect(seg("P.").seq(1).len(100).ecn(ECT0));
    }
}
