package io.tcplab.stack.cc;

/**
 * What an algorithm knows when its connection becomes established.
 *
 * @param mss               sender maximum segment size in bytes
 * @param initialWindow     initial window in bytes (RFC 5681 §3.1, or RFC 6928 IW10)
 * @param ecnNegotiated     ECN was agreed in the handshake (RFC 3168 §6.1.1)
 * @param sackEnabled       SACK was agreed in the handshake (RFC 2018)
 * @param nowNanos          the current time
 */
public record CcInit(int mss, long initialWindow, boolean ecnNegotiated, boolean sackEnabled, long nowNanos) {
}
