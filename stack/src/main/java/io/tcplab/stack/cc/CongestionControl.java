package io.tcplab.stack.cc;

/**
 * The congestion-control plug-in. The algorithm owns its window and returns decisions; it never
 * writes connection state. Every call carries the current time; samples are read-only views.
 *
 * <p>Call order the stack guarantees: {@link #init} once when the connection is established;
 * {@link #onPacketSent} for every data segment; {@link #onAck} for every ACK that acknowledges
 * or selectively acknowledges new data, or that carries ECE; {@link #ssthreshOnCongestion} once
 * per congestion episode, before the stack reads the reduced window; {@link #undo} when that
 * reduction is found spurious (mandatory: an algorithm must restore its private state).
 */
public interface CongestionControl {

    /** The name users select it by, e.g. {@code reno}. */
    String name();

    void init(CcInit init);

    /** The congestion window in bytes; never below one MSS. */
    long cwndBytes();

    /** The slow-start threshold in bytes; {@link Long#MAX_VALUE} while unset. */
    long ssthreshBytes();

    /** Pacing rate in bytes per second, or 0 for no pacing. */
    default long pacingRateBytesPerSec() {
        return 0;
    }

    /** The algorithm needs ECN (Linux TCP_CONG_NEEDS_ECN, e.g. DCTCP). */
    default boolean needsEcn() {
        return false;
    }

    /**
     * The algorithm reads the marked fraction from ECE, so the receiver must echo CE exactly
     * (RFC 8257 §3.2) rather than latch it until CWR (RFC 3168 §6.1.3). The connection then asks
     * its peer for exact echo in the SYN and echoes exactly itself, as Linux does for dctcp.
     */
    default boolean needsExactCeEcho() {
        return false;
    }

    /**
     * The algorithm is a scalable (L4S) one: once Accurate ECN feedback is agreed, the connection
     * sends its data ECT(1), the L4S identifier (RFC 9331 §4.1), instead of ECT(0) (Linux
     * TCP_CONG_WANTS_ECT_1). Only with AccECN: RFC 9331 §4.2 asks an L4S sender for feedback of
     * the extent of CE marking, which RFC 3168's ECE does not give; without it data stays ECT(0).
     */
    default boolean wantsEct1() {
        return false;
    }

    default void onPacketSent(SentSample sample) {
    }

    void onAck(AckSample sample);

    /** A new round trip began: the first ACK for data sent after the previous round started. */
    default void onRoundStart(long round, long nowNanos) {
    }

    /**
     * A congestion episode begins. Returns the new slow-start threshold and sets the window the
     * algorithm will report next (the loss window for {@link CongestionSignal#collapsesWindow()}).
     */
    long ssthreshOnCongestion(CongestionSignal signal, long inflightBytes, long nowNanos);

    /**
     * Whether the algorithm sets the window during fast recovery itself, from each ACK, as a
     * Linux module with its own {@code cong_control} does (BBR): the stack then applies no
     * Proportional Rate Reduction (RFC 6937) on top, and {@link #cwndBytes()} is the window in
     * recovery too (Linux tcp_cong_control skips tcp_cwnd_reduction for such a module).
     */
    default boolean setsRecoveryWindow() {
        return false;
    }

    /**
     * The sender's MSS fell (Path MTU discovery, RFC 1191 / RFC 8201). The window stays in bytes;
     * an algorithm that counts in segments of {@code mss} should use the new size from now on.
     */
    default void onMssChange(int mss, long nowNanos) {
    }

    default void onStateChange(CaState from, CaState to, long nowNanos) {
    }

    default void onEvent(CaEvent event, long nowNanos) {
    }

    /**
     * The last reduction was spurious. Restore the window and private state from before it and
     * return the window to resume with.
     */
    long undo(UndoCause cause, long inflightBytes, long nowNanos);
}
