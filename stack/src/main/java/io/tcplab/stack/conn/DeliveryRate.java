package io.tcplab.stack.conn;

import io.tcplab.stack.loss.AckResult;

/**
 * Delivery-rate sampling as draft-cheng-iccrg-delivery-rate-estimation and Linux tcp_rate.c
 * define it. Each transmission is stamped with the connection's delivered count, when that count
 * last changed and when the current flight's first packet left; an ACK's sample is the data
 * delivered since the newest acknowledged packet left, over the longer of its send and ACK
 * intervals. Samples taken while the application limited sending are flagged, so a model of the
 * path's bandwidth (BBR) can ignore low ones.
 */
final class DeliveryRate {
    /** Bytes delivered over the connection's life (C.delivered). */
    private long delivered;
    /** When {@link #delivered} last grew (C.delivered_time). */
    private long deliveredTime;
    /** When the first packet of the current flight left (C.first_sent_time). */
    private long firstSentTime;
    /** Delivered count after which sending is no longer application-limited, or 0 (C.app_limited). */
    private long appLimitedUntil;

    private long sampleRate = -1;
    private boolean sampleAppLimited;

    /**
     * A transmission leaves with {@code outstanding} bytes sent and not yet cumulatively
     * acknowledged before it (SND.NXT − SND.UNA). Only with nothing outstanding does a new flight
     * begin (the draft's SendPacket, Linux tcp_rate_skb_sent's !packets_out): data SACKed or
     * deemed lost still belongs to the flight, so a retransmission after a timeout or with every
     * other segment SACKed keeps the old stamps.
     */
    void onSend(long now, long outstanding) {
        if (outstanding == 0) {
            firstSentTime = now;
            deliveredTime = now;
        }
    }

    long delivered() {
        return delivered;
    }

    long deliveredTime() {
        return deliveredTime;
    }

    long firstSentTime() {
        return firstSentTime;
    }

    boolean appLimited() {
        return appLimitedUntil != 0;
    }

    /** The sender has nothing more to send while the window would allow it (tcp_rate_check_app_limited). */
    void markAppLimited(long inflight) {
        appLimitedUntil = Math.max(1, delivered + inflight);
    }

    /** Takes one ACK that delivered {@code newlyDelivered} bytes; the packet stamps are in {@code ack}. */
    void onAck(long now, AckResult ack, long newlyDelivered, long minRtt) {
        sampleRate = -1;
        if (newlyDelivered <= 0) {
            return;
        }
        delivered += newlyDelivered;
        deliveredTime = now;
        if (appLimitedUntil != 0 && delivered > appLimitedUntil) {
            appLimitedUntil = 0;
        }
        if (ack.newestDeliveredAtSend < 0 || ack.newestDeliveredTimeAtSend < 0) {
            return;
        }
        firstSentTime = ack.newestSendTime;
        long sendElapsed = ack.newestSendTime - ack.newestFirstSentTime;
        long ackElapsed = now - ack.newestDeliveredTimeAtSend;
        long interval = Math.max(sendElapsed, ackElapsed);
        sampleAppLimited = ack.newestAppLimited;
        if (interval <= 0 || (minRtt > 0 && interval < minRtt)) {
            return; // shorter than a round trip: ACK compression would inflate it
        }
        sampleRate = (delivered - ack.newestDeliveredAtSend) * 1_000_000_000L / interval;
    }

    /** The last ACK's rate sample in bytes per second, or -1 when it gave none. */
    long sampleRate() {
        return sampleRate;
    }

    /** The last sample's packet left while the application limited sending. */
    boolean sampleAppLimited() {
        return sampleAppLimited;
    }
}
