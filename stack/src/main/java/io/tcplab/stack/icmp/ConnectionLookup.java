package io.tcplab.stack.icmp;

import io.tcplab.stack.conn.Connection;

/** Finds our connection by the four-tuple of a segment we sent; implemented by the stack. */
public interface ConnectionLookup {
    /** {@code local} and {@code remote} are scratch arrays, not kept; null when no connection matches. */
    Connection find(byte[] local, int localPort, byte[] remote, int remotePort);
}
