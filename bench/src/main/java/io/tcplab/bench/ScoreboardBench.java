package io.tcplab.bench;

import io.tcplab.stack.loss.AckResult;
import io.tcplab.stack.loss.Scoreboard;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scoreboard ACK processing with 10,000 segments in flight under SACK. Each op is one ACK: the
 * cumulative ACK advances one segment, one new segment is sent (so 10,000 stay in flight), and
 * unless that segment is one of the lost ones (every 1000th) the ACK carries the SACK block the
 * receiver would report: everything since the last loss, up to 999 segments, most already
 * SACKed. Then IsLost is updated and NextSeg rule 1 retransmissions are recorded.
 * Run: {@code java -jar bench/target/benchmarks.jar ScoreboardBench -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScoreboardBench {
    private static final int MSS = 1448;
    private static final int LOSS_EVERY = 1000;

    /** Segments in flight; try -p inFlight=1000,10000,100000 to see the per-ACK cost stay flat. */
    @Param("10000")
    public int inFlight;

    private Scoreboard scoreboard;
    private AckResult out;
    private long sent;
    private long una;
    private long lastLossEnd;
    private long now;

    @Setup(Level.Trial)
    public void fillTheWindow() {
        scoreboard = new Scoreboard(2 * inFlight);
        out = new AckResult();
        for (int k = 0; k < inFlight; k++) {
            sendAndSack();
        }
    }

    @Benchmark
    public long ack() {
        now += 1000;
        out.clear();
        una += MSS;
        scoreboard.onCumulativeAck(una, out);
        sendAndSack();
        scoreboard.updateLoss(3, MSS, out);
        for (long seq = scoreboard.nextLostToRetransmit(); seq >= 0; seq = scoreboard.nextLostToRetransmit()) {
            scoreboard.onRetransmit(seq, now);
        }
        return scoreboard.pipe() + out.newlySackedBytes;
    }

    private void sendAndSack() {
        long seq = sent * MSS;
        scoreboard.onSend(seq, MSS, now, seq);
        if (sent++ % LOSS_EVERY == 0) {
            lastLossEnd = seq + MSS;
        } else {
            scoreboard.onSackBlock(lastLossEnd, seq + MSS, out);
        }
    }
}
