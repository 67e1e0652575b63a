package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;

/**
 * The receiving application of an experiment: reads everything into a scratch array it never
 * looks at, adds the count to the flow's {@link ByteCounter}, and closes at the peer's FIN.
 * Nothing is hashed or kept. The scratch array may be shared by every sink driven by one thread.
 */
public final class DiscardSink implements ConnectionHandler {
    private final ByteCounter counter;
    private final byte[] scratch;
    private final Runnable onEnd;
    private boolean ended;

    /** {@code onEnd} runs once, when the peer's FIN has been read (may be null). */
    public DiscardSink(ByteCounter counter, byte[] scratch, Runnable onEnd) {
        this.counter = counter;
        this.scratch = scratch;
        this.onEnd = onEnd;
    }

    @Override
    public void onReadable(Connection c, long now) {
        int n;
        while ((n = c.read(now, scratch, 0, scratch.length)) > 0) {
            counter.add(n);
        }
        if (n < 0 && !ended) {
            ended = true;
            c.close(now);
            if (onEnd != null) {
                onEnd.run();
            }
        }
    }

    public boolean ended() {
        return ended;
    }
}
