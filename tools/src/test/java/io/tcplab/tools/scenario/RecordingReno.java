package io.tcplab.tools.scenario;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CcParameters;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControlProvider;
import io.tcplab.stack.cc.CongestionSignal;
import io.tcplab.stack.cc.SentSample;
import io.tcplab.stack.cc.UndoCause;
import io.tcplab.stack.cc.WindowedCongestionControl;

/** Reno that records what the stack told it, so a test can check the SPI's promises. */
final class RecordingReno extends WindowedCongestionControl {
    /** Every instance made, in order: the data sender's is the one that sent the most. */
    static final java.util.List<RecordingReno> INSTANCES = new java.util.ArrayList<>();

    long packetsSent;
    long retransmissionsSent;
    long acks;
    long rounds;
    long lastRound;
    long congestionSignals;
    long undos;
    long minRttSeen = Long.MAX_VALUE;
    long maxDeliveredTotal;
    long maxLostTotal;
    boolean deliveredEverWentBack;
    private long previousDelivered;

    static RecordingReno dataSender() {
        return INSTANCES.stream().max(java.util.Comparator.comparingLong(c -> c.packetsSent)).orElseThrow();
    }

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public void onPacketSent(SentSample s) {
        packetsSent++;
        if (s.retransmit()) {
            retransmissionsSent++;
        }
    }

    @Override
    protected void observe(AckSample a) {
        acks++;
        if (a.minRttNanos() > 0) {
            minRttSeen = Math.min(minRttSeen, a.minRttNanos());
        }
        deliveredEverWentBack |= a.deliveredTotal() < previousDelivered;
        previousDelivered = a.deliveredTotal();
        maxDeliveredTotal = Math.max(maxDeliveredTotal, a.deliveredTotal());
        maxLostTotal = Math.max(maxLostTotal, a.lostTotal());
    }

    @Override
    public void onRoundStart(long round, long nowNanos) {
        rounds++;
        lastRound = round;
    }

    @Override
    protected void congestionAvoidance(AckSample sample, long acked) {
        additiveIncrease(acked, cwnd / mss);
    }

    @Override
    protected long reducedSsthresh(CongestionSignal signal, long inflightBytes, long nowNanos) {
        congestionSignals++;
        return inflightBytes / 2;
    }

    @Override
    protected void undoPrivateState(UndoCause cause, long nowNanos) {
        undos++;
    }

    public static final class Provider implements CongestionControlProvider {
        @Override
        public String name() {
            return "recording";
        }

        @Override
        public CongestionControl create(CcParameters parameters) {
            RecordingReno cc = new RecordingReno();
            INSTANCES.add(cc);
            return cc;
        }
    }
}
