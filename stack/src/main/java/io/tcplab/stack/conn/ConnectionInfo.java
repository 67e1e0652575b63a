package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CaState;

/**
 * A snapshot of one connection's counters and estimates, for reports (the equivalent of Linux's
 * TCP_INFO). Byte counts are application bytes.
 */
public record ConnectionInfo(
        TcpState state,
        CaState caState,
        String congestionControl,
        long bytesAcked,
        long bytesReceived,
        long segmentsSent,
        long segmentsRetransmitted,
        long bytesRetransmitted,
        long rtoCount,
        long fastRecoveries,
        long spuriousUndos,
        long tlpProbes,
        long doubleDrops,
        long cwndBytes,
        long ssthreshBytes,
        long srttNanos,
        long minRttNanos,
        long rtoNanos,
        int mss,
        boolean sack,
        boolean timestamps,
        int sendWindowShift,
        int receiveWindowShift,
        boolean ecn,
        /** Our receiving side echoes CE exactly (RFC 8257 §3.2) rather than RFC 3168's latch. */
        boolean exactCeEcho,
        /** The peer's SYN or SYN-ACK carried the exact-CE-echo option and we took it up. */
        boolean exactCeEchoAgreed,
        /** The ECN feedback the handshake settled on: off, classic (RFC 3168) or accecn (RFC 9768). */
        EcnMode ecnMode,
        /** Accurate ECN's counters, all zero unless {@link #ecnMode} is {@link EcnMode#ACCECN}. */
        AccEcnCounts accEcn,
        long rttVarNanos,
        /** Segments sent and not cumulatively acknowledged, SACKed ones included (Linux packets_out). */
        long outstandingSegments,
        /** Outstanding segments SACKed (Linux sacked_out). */
        long sackedSegments,
        /** Outstanding segments deemed lost, retransmitted or not (Linux lost_out). */
        long lostSegments,
        /** Segments retransmitted and not since SACKed or deemed lost again (Linux retrans_out). */
        long retransmissionsInFlight,
        /** When data last arrived in order, or the connection was established; -1 before (Linux lrcvtime). */
        long lastDataReceivedNanos,
        /** The handshake agreed on window scaling (RFC 7323 §2.2); {@link #sendWindowShift} may still be 0. */
        boolean windowScale,
        /** A Fast Open connection of a listener (RFC 7413 §4.2.2; Linux's TCPI_OPT_TFO_CHILD). */
        boolean fastOpenChild,
        /** A SYN's data was acknowledged whole: ours by the SYN-ACK, or the peer's by us (Linux's TCPI_OPT_SYN_DATA). */
        boolean synDataAcked) {
}
