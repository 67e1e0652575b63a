package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;

/**
 * Eifel detection (RFC 3522 §3.2), with timestamps on: the first acceptable ACK after the
 * episode's first retransmission echoes a timestamp older than the oldest retransmission still
 * outstanding, so the original got through. An ACK carrying a D-SACK is left to D-SACK detection
 * (step 5). Each episode is judged once.
 */
public final class Eifel implements SpuriousLossDetector {
    public static final String NAME = "eifel";

    private final OpenEpisode episode = new OpenEpisode();
    private boolean pending;
    private boolean episodeRetransmitted;
    /**
     * TSval of the oldest retransmission still outstanding (Linux's retrans_stamp). RFC 3522 §3.2
     * compares with the episode's first retransmission, assuming it resends SND.UNA; when an
     * earlier episode's retransmission still fills the left edge, the ACK that moves SND.UNA echoes
     * that one, older than ours, and would pass for proof of a spurious episode.
     */
    private boolean haveRetransmitTs;
    private int retransmitTs;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void onEpisodeStart(UndoCause cause) {
        episode.start(cause);
        pending = true;
        episodeRetransmitted = false;
    }

    @Override
    public void onEpisodeEnd() {
        episode.close();
    }

    @Override
    public void onRetransmit(SentRetransmission r) {
        if (r.tsVal() != SentRetransmission.NO_TIMESTAMP && (r.onlyOneOutstanding() || !haveRetransmitTs)) {
            retransmitTs = (int) r.tsVal(); // §3.2 step 2, kept while older retransmissions are out
            haveRetransmitTs = true;
        }
        if (episode.isOpen()) {
            episodeRetransmitted = true;
        }
    }

    @Override
    public void onAck(AckEvidence ack, SpuriousVerdict verdict) {
        if (!episode.isOpen() || !pending || !ack.advanced() || !episodeRetransmitted) {
            return;
        }
        pending = false; // §3.2 steps 3-4: only the first acceptable ACK decides
        if (haveRetransmitTs && ack.tsEcho() != AckEvidence.NO_ECHO && !ack.changes().dsack
                && (int) ack.tsEcho() - retransmitTs < 0) {
            episode.close();
            verdict.spuriousOriginalFirst(episode.cause());
        }
    }
}
