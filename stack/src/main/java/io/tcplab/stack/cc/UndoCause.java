package io.tcplab.stack.cc;

/** Why a window reduction was found to be spurious. */
public enum UndoCause {
    /** Eifel (RFC 3522) or F-RTO found the timeout spurious. */
    SPURIOUS_RTO,
    /** Eifel or D-SACK (RFC 3708) found a fast retransmit or timer-based retransmit spurious. */
    SPURIOUS_RETRANSMIT
}
