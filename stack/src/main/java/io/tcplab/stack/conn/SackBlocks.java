package io.tcplab.stack.conn;

/** The SACK blocks of one arriving segment, unwrapped to 64-bit sequence numbers. Reused. */
final class SackBlocks {
    final long[] left = new long[4];
    final long[] right = new long[4];
    int count;
}
