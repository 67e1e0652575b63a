package io.tcplab.tools.link;

import java.util.Locale;

/**
 * Random Early Detection settings (Floyd &amp; Jacobson, "Random Early Detection Gateways for
 * Congestion Avoidance", IEEE/ACM ToN 1993). The average queue is an exponentially weighted
 * moving average of the instantaneous queue with weight {@code weight}; below {@code min} nothing
 * happens, between {@code min} and {@code max} a packet is picked with a probability that grows
 * linearly to {@code maxP} (spread by the count since the last pick), at or above {@code max}
 * every packet is picked. A picked packet is CE-marked when {@code ecn} is on and it is
 * ECN-capable, and dropped otherwise — except that at or above {@code max} {@code aboveMax}
 * decides for ECN-capable packets too: {@link AboveMax#MARK} marks them (Linux RED without
 * {@code harddrop}), {@link AboveMax#DROP} drops them (Linux RED's {@code harddrop}; Cisco WRED
 * with ECN, whose packets above the maximum threshold are dropped as without ECN).
 *
 * @param min              lower threshold of the average queue (packets or bytes)
 * @param max              upper threshold, in the same unit as {@code min}
 * @param maxP             the probability at {@code max}, within (0, 1]
 * @param weight           the averaging weight w_q, within (0, 1]
 * @param ecn              mark ECN-capable packets instead of dropping them
 * @param aboveMax         what happens to ECN-capable packets picked at or above {@code max}
 * @param idlePacketBytes  the packet size whose transmission time measures an idle period (the
 *                         paper's "typical small packet"): the average decays as if that many
 *                         empty-queue arrivals had been seen
 */
public record RedParams(Limit min, Limit max, double maxP, double weight, boolean ecn, AboveMax aboveMax,
                        int idlePacketBytes) {
    public static final int DEFAULT_IDLE_PACKET_BYTES = 1500;

    /** RED's treatment of ECN-capable packets while the average is at or above {@code max}. */
    public enum AboveMax {
        MARK, DROP;

        /** {@code mark} or {@code drop}, case-insensitive; null for anything else. */
        public static AboveMax parse(String text) {
            return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "mark" -> MARK;
                case "drop" -> DROP;
                default -> null;
            };
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public RedParams {
        if (aboveMax == null) {
            throw new IllegalArgumentException("RED above-max must be mark or drop");
        }
        if (min == null || max == null || min.kind() != max.kind()) {
            throw new IllegalArgumentException("RED min and max thresholds must both be given in the same unit (packets or bytes)");
        }
        if (min.equals(Limit.NONE) || max.value() <= min.value()) {
            throw new IllegalArgumentException("RED needs min < max, was min " + min + ", max " + max);
        }
        if (!(maxP > 0 && maxP <= 1)) {
            throw new IllegalArgumentException("RED max_p must be within (0, 1], was " + maxP);
        }
        if (!(weight > 0 && weight <= 1)) {
            throw new IllegalArgumentException("RED weight must be within (0, 1], was " + weight);
        }
        if (idlePacketBytes < 1) {
            throw new IllegalArgumentException("RED idle packet size must be at least 1 byte, was " + idlePacketBytes);
        }
    }

    /**
     * Parses {@code MIN:MAX:MAX_P:WEIGHT[:ecn[:mark|drop]]}, e.g. {@code 5p:15p:0.1:0.002:ecn:drop}
     * (the form a link setting {@code red=...} takes); above max marks unless {@code drop} is given.
     */
    public static RedParams parse(String text) {
        String[] parts = text.trim().split(":");
        boolean ecn = parts.length >= 5 && parts[4].trim().equalsIgnoreCase("ecn");
        AboveMax aboveMax = parts.length == 6 ? AboveMax.parse(parts[5]) : AboveMax.MARK;
        if (parts.length != 4 && !ecn || parts.length > 6 || aboveMax == null) {
            throw new IllegalArgumentException("bad RED setting '" + text
                    + "': expected MIN:MAX:MAX_P:WEIGHT[:ecn[:mark|drop]], e.g. 5p:15p:0.1:0.002:ecn:drop");
        }
        return new RedParams(Units.parseLimit(parts[0]), Units.parseLimit(parts[1]),
                Units.parseProbability(parts[2]), Units.parseProbability(parts[3]), ecn, aboveMax,
                DEFAULT_IDLE_PACKET_BYTES);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s:%s:%s:%s%s", min, max, maxP, weight,
                ecn ? ":ecn" + (aboveMax == AboveMax.DROP ? ":drop" : "") : "");
    }
}
