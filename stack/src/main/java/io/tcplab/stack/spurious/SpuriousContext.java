package io.tcplab.stack.spurious;

/** What a connection's sender shows its spurious-loss detectors, read-only. */
public interface SpuriousContext {
    /** SND.UNA. */
    long sndUna();

    /** SND.NXT (SND.MAX: the highest sequence number sent). */
    long sndNxt();

    /** Timeout recovery (after an RTO, Linux's Loss state) is under way. */
    boolean inTimeoutRecovery();

    /** Unsent data is waiting and the peer's window takes some of it. */
    boolean canSendNewData();
}
