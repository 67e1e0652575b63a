package io.tcplab.stack.cc;

/**
 * What an algorithm knows when its connection becomes established.
 *
 * @param mss               sender maximum segment size in bytes
 * @param initialWindow     initial window in bytes (RFC 5681 §3.1, or RFC 6928 IW10)
 * @param ecnNegotiated     ECN was agreed in the handshake (RFC 3168 §6.1.1)
 * @param sackEnabled       SACK was agreed in the handshake (RFC 2018)
 * @param internalPacing    the connection paces at Linux's internal ratios when the algorithm sets
 *                          no rate of its own (Linux: sk_pacing_status is not SK_PACING_NONE), so a
 *                          window's ACKs come back spread over up to half an RTT in slow start
 * @param nowNanos          the current time
 * @param randomSeed        a seed for an algorithm that draws random numbers (BBRv3's probe timing,
 *                          draft-ietf-ccwg-bbr §5.3.3.8): the stack is sans-IO, so randomness is
 *                          handed in; it comes from the connection's initial sequence number and
 *                          timestamp offset, which the stack drew from its seeded random source, so
 *                          it differs per connection and repeats under the same seed
 */
public record CcInit(int mss, long initialWindow, boolean ecnNegotiated, boolean sackEnabled, boolean internalPacing,
                     long nowNanos, long randomSeed) {
}
