package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.trace.TraceRecord;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** Issue 2: same seed, same bytes, same trace — through the stacks as well as the links. */
class DeterminismTest {
    /** A digest of every trace record the sender emitted, field by field. */
    private static long traceDigest(long seed) {
        CRC32 crc = new CRC32();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(80);
        TransferSpec base = TransferSpecs.spec(2 << 20, p -> p.setLossProbability(0.01).setReorderProbability(0.01));
        TransferSpec spec = new TransferSpec(base.bytes(), base.forward(), base.reverse(), null, seed,
                base.options(), -1, base.timeLimitNanos());
        TransferResult r = TransferRunner.run(spec, (TraceRecord t) -> {
            b.clear();
            b.putLong(t.nowNanos).putInt(t.event.ordinal()).putLong(t.cwnd).putLong(t.ssthresh)
                    .putLong(t.srttNanos).putLong(t.inflight).putLong(t.sndUna).putLong(t.sndNxt)
                    .putLong(t.seq).putInt(t.length);
            crc.update(b.array(), 0, b.position());
        });
        assertThat(r.streamsEqual()).isTrue();
        return crc.getValue() ^ r.sha256Received().hashCode();
    }

    @Test
    void theSameSeedGivesTheSameTraceAndAnotherSeedDoesNot() {
        long first = traceDigest(11);
        assertThat(traceDigest(11)).isEqualTo(first);
        assertThat(traceDigest(12)).isNotEqualTo(first);
    }
}
