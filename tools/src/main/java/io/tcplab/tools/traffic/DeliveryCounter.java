package io.tcplab.tools.traffic;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;

/** The receiving application of a bulk flow: reads everything, keeps only the count. */
public final class DeliveryCounter implements ConnectionHandler {
    private final byte[] chunk = new byte[64 * 1024];
    private long received;

    @Override
    public void onReadable(Connection c, long now) {
        int n;
        while ((n = c.read(now, chunk, 0, chunk.length)) > 0) {
            received += n;
        }
    }

    public long received() {
        return received;
    }
}
