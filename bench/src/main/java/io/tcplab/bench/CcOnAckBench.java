package io.tcplab.bench;

import io.tcplab.stack.cc.AckSample;
import io.tcplab.stack.cc.CaState;
import io.tcplab.stack.cc.CcInit;
import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.cc.CongestionSignal;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@code onAck} per algorithm, in congestion avoidance (after one loss), with a round start
 * every 100 ACKs: the per-ACK cost, which should allocate nothing.
 * Run: {@code java -jar bench/target/benchmarks.jar CcOnAckBench -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CcOnAckBench {
    private static final int MSS = 1448;

    /** An AckSample the benchmark fills in place, as the stack does. */
    static final class Ack extends AckSample {
        void next(long now, long delivered) {
            nowNanos = now;
            ackedBytes = 2 * MSS;
            rttNanos = 20_000_000L + (now % 1_000_000L);
            minRttNanos = 20_000_000L;
            srttNanos = 20_500_000L;
            priorInflight = 200L * MSS;
            inflight = 198L * MSS;
            deliveredTotal = delivered;
            priorDelivered = delivered - 200L * MSS; // sent one window ago
            cwndLimited = true;
            caState = CaState.OPEN;
            deliveryRateBytesPerSec = 12_500_000L;
        }
    }

    @Param({"reno", "cubic", "bic", "highspeed", "scalable", "htcp", "vegas", "fast", "dctcp", "bbr"})
    public String algorithm;

    private CongestionControl cc;
    private final Ack ack = new Ack();
    private long now;
    private long delivered;
    private long acks;
    private long round;

    @Setup
    public void setUp() {
        cc = CongestionControls.create(algorithm);
        cc.init(new CcInit(MSS, 200L * MSS, true, true, false, 0, 0));
        cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, 200L * MSS, 0);
    }

    @Benchmark
    public long onAck() {
        now += 200_000L;
        delivered += 2 * MSS;
        if (++acks % 100 == 0) {
            cc.onRoundStart(++round, now);
        }
        ack.next(now, delivered);
        cc.onAck(ack);
        if (cc.cwndBytes() > 20_000L * MSS) {
            cc.ssthreshOnCongestion(CongestionSignal.DUPTHRESH_LOSS, cc.cwndBytes(), now); // keep it in range
        }
        return cc.cwndBytes();
    }
}
