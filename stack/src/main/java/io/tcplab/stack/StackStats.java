package io.tcplab.stack;

import java.util.EnumMap;
import java.util.Map;

/** Per-stack counters: every dropped packet is counted under exactly one {@link DropReason}. */
public final class StackStats {
    private static final DropReason[] REASONS = DropReason.values();
    private final long[] drops = new long[REASONS.length];
    private long packetsReceived;
    private long packetsSent;
    private long resetsSent;
    private long challengeAcksSent;
    private long icmpEchoRepliesSent;
    private long icmpErrorsAccepted;
    private long synQueueOverflows;
    private long synCookiesSent;
    private long synCookiesValidated;
    private long synCookiesRejected;

    public void countDrop(DropReason reason) {
        drops[reason.ordinal()]++;
    }

    public void countReceived() {
        packetsReceived++;
    }

    public void countSent() {
        packetsSent++;
    }

    public void countResetSent() {
        resetsSent++;
    }

    public void countChallengeAck() {
        challengeAcksSent++;
    }

    public void countIcmpEchoReply() {
        icmpEchoRepliesSent++;
    }

    public void countIcmpErrorAccepted() {
        icmpErrorsAccepted++;
    }

    public void countSynQueueOverflow() {
        synQueueOverflows++;
    }

    public void countSynCookieSent() {
        synCookiesSent++;
    }

    public void countSynCookieValidated() {
        synCookiesValidated++;
    }

    public void countSynCookieRejected() {
        synCookiesRejected++;
    }

    /** SYNs that found their listener's SYN queue full (answered with a cookie, or dropped without cookies). */
    public long synQueueOverflows() {
        return synQueueOverflows;
    }

    /** SYN-ACKs sent with a SYN cookie as their sequence number (RFC 4987 §3.6). */
    public long synCookiesSent() {
        return synCookiesSent;
    }

    /** ACKs whose cookie was valid: each made a connection. */
    public long synCookiesValidated() {
        return synCookiesValidated;
    }

    /** ACKs to a listening port that carried no valid cookie (forged, stale or for another four-tuple). */
    public long synCookiesRejected() {
        return synCookiesRejected;
    }

    /** Echo Replies sent (RFC 792, RFC 4443 §4.2). */
    public long icmpEchoRepliesSent() {
        return icmpEchoRepliesSent;
    }

    /** ICMP errors that passed validation and reached a connection (soft errors and Packet Too Big). */
    public long icmpErrorsAccepted() {
        return icmpErrorsAccepted;
    }

    public long drops(DropReason reason) {
        return drops[reason.ordinal()];
    }

    public long totalDrops() {
        long sum = 0;
        for (long d : drops) {
            sum += d;
        }
        return sum;
    }

    /** The non-zero drop counters, by reason. */
    public Map<DropReason, Long> dropsByReason() {
        Map<DropReason, Long> map = new EnumMap<>(DropReason.class);
        for (DropReason reason : REASONS) {
            if (drops[reason.ordinal()] != 0) {
                map.put(reason, drops[reason.ordinal()]);
            }
        }
        return map;
    }

    public long packetsReceived() {
        return packetsReceived;
    }

    public long packetsSent() {
        return packetsSent;
    }

    public long resetsSent() {
        return resetsSent;
    }

    public long challengeAcksSent() {
        return challengeAcksSent;
    }
}
