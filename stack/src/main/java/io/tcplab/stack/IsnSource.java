package io.tcplab.stack;

/** Chooses initial sequence numbers; {@link IsnGenerator} is the RFC 6528 one. */
@FunctionalInterface
public interface IsnSource {
    /** A 32-bit ISN (as an unsigned value in a long) for the given four-tuple at time {@code nowNanos}. */
    long isn(long nowNanos, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort);
}
