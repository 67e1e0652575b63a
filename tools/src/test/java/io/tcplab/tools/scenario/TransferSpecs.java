package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import java.util.function.Consumer;

/** Transfer specs for tests: a 100 Mbit/s, 20 ms path with a BDP-sized queue, changed as asked. */
final class TransferSpecs {
    private TransferSpecs() {
    }

    static TransferSpec spec(long bytes, Consumer<LinkParams> forwardImpairments) {
        return spec(bytes, forwardImpairments, null, -1);
    }

    static TransferSpec spec(long bytes, Consumer<LinkParams> forwardImpairments, LinkSchedule schedule, long isn) {
        LinkParams forward = path();
        forwardImpairments.accept(forward);
        return new TransferSpec(bytes, forward, path(), schedule, 7, options(8 << 20), isn, 3_600_000_000_000L);
    }

    /** Default options with both buffers of the given size. */
    static ConnectionOptions options(int bufferBytes) {
        return ConnectionOptions.builder().sendBufferBytes(bufferBytes).receiveBufferBytes(bufferBytes).build();
    }

    private static LinkParams path() {
        return new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L)
                .setQueueLimit(Limit.bytes(256 * 1024));
    }
}
