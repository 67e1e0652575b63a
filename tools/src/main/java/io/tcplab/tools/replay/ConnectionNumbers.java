package io.tcplab.tools.replay;

import io.tcplab.stack.conn.Connection;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each connection's number in a recording: the order in which the stack made it (its handler is
 * installed before the stack reports it made, so the first sight numbers it). A recorder and a
 * replay number alike, which is how an entry names a connection.
 */
final class ConnectionNumbers {
    private final Map<Connection, Integer> numbers = new IdentityHashMap<>();
    private final List<Connection> byNumber = new ArrayList<>();

    int of(Connection connection) {
        Integer n = numbers.get(connection);
        if (n == null) {
            n = byNumber.size();
            numbers.put(connection, n);
            byNumber.add(connection);
        }
        return n;
    }

    /**
     * The number of the latest connection between {@code localPort} and {@code remotePort} (a
     * packet's), or -1 when none is.
     */
    int between(int localPort, int remotePort) {
        for (int n = byNumber.size() - 1; n >= 0; n--) {
            Connection c = byNumber.get(n);
            if (c.localPort() == localPort && c.remotePort() == remotePort) {
                return n;
            }
        }
        return -1;
    }

    /** The connection numbered {@code n}, or null when none is. */
    Connection get(int n) {
        return n >= 0 && n < byNumber.size() ? byNumber.get(n) : null;
    }
}
