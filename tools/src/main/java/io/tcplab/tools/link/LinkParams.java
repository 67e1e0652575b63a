package io.tcplab.tools.link;

import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import java.util.Locale;

/**
 * The settings of one link direction. Mutable: a {@link Link} reads them for every packet it is
 * offered, so a change applies to the packets offered after it (packets already on the link keep
 * the timing they were given). Setters validate and return {@code this} for chaining.
 *
 * <p>Reordering model: a packet picked for reordering arrives {@code reorderDelay} later than it
 * otherwise would, so packets sent shortly after it overtake it. The default ({@code -1}) is
 * {@code max(delay / 10, 3 × the packet's serialization time)}.
 *
 * <p>Jitter model: each packet that goes on the wire takes an extra delay drawn uniformly from
 * {@code [0, jitter]}, but never arrives before the jittered packet ahead of it: the random
 * processing time Floyd and Jacobson add to break the phase effect of fixed delays ("On traffic
 * phase effects in packet-switched gateways", 1992; ns-2's TCP {@code overhead_}), not
 * reordering. 0, the default, is off.
 *
 * <p>ECN model: a step threshold. An ECN-capable packet (ECT(0) or ECT(1)) that finds more than
 * {@code ecnThreshold} in the queue when it arrives is queued with CE instead; {@code null} is off.
 *
 * <p>Queue discipline: drop-tail on one FIFO by default, with RED ({@code red}) and the step
 * marker as options, decided as packets arrive; or an AQM with queues of its own ({@code aqm}:
 * CoDel, FQ-CoDel, PIE, DualPI2), which replaces both and is fixed when the {@link Link} is made.
 */
public final class LinkParams {
    private long rateBitsPerSec;
    private long delayNanos;
    private Limit queueLimit = Limit.NONE;
    private double lossProbability;
    private int lossEvery;
    private double reorderProbability;
    private long reorderDelayNanos = -1;
    private long jitterNanos;
    private double duplicateProbability;
    private double corruptProbability;
    private Limit ecnThreshold;
    private RedParams red;
    private ServedAqm aqm;
    private Framing framing = Framing.NONE;

    public static LinkParams of() {
        return new LinkParams();
    }

    /** Parses {@code key=value} pairs separated by commas, e.g. {@code rate=100Mbit,delay=10ms,queue=100p}. */
    public static LinkParams parse(String spec) {
        LinkParams params = new LinkParams();
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("bad link setting '" + pair.trim() + "': expected key=value");
            }
            params.set(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return params;
    }

    /**
     * Sets one parameter from text. Keys: rate, delay, jitter, queue, loss, loss-every, reorder,
     * reorder-delay, duplicate, corrupt, ecn (a size, or {@code off}), red, framing ({@code none} or {@code ethernet}).
     */
    public LinkParams set(String key, String value) {
        switch (key.toLowerCase(Locale.ROOT)) {
            case "rate" -> setRateBitsPerSec(Units.parseRateBitsPerSec(value));
            case "delay" -> setDelayNanos(Units.parseDurationNanos(value));
            case "jitter" -> setJitterNanos(Units.parseDurationNanos(value));
            case "queue" -> setQueueLimit(Units.parseLimit(value));
            case "loss" -> setLossProbability(Units.parseProbability(value));
            case "loss-every" -> setLossEvery(parseCount(value));
            case "reorder" -> setReorderProbability(Units.parseProbability(value));
            case "reorder-delay" -> setReorderDelayNanos(
                    value.equals("auto") ? -1 : Units.parseDurationNanos(value));
            case "duplicate" -> setDuplicateProbability(Units.parseProbability(value));
            case "corrupt" -> setCorruptProbability(Units.parseProbability(value));
            case "ecn" -> setEcnThreshold(value.equals("off") ? null : Units.parseLimit(value));
            case "red" -> setRed(value.equals("off") ? null : RedParams.parse(value));
            case "framing" -> setFraming(Framing.parse(value));
            default -> throw new IllegalArgumentException("unknown link setting '" + key
                    + "': expected rate, delay, jitter, queue, loss, loss-every, reorder, reorder-delay, duplicate, corrupt, ecn, red or framing (in a schedule also stall)");
        }
        return this;
    }

    public LinkParams copy() {
        LinkParams c = new LinkParams();
        c.rateBitsPerSec = rateBitsPerSec;
        c.delayNanos = delayNanos;
        c.queueLimit = queueLimit;
        c.lossProbability = lossProbability;
        c.lossEvery = lossEvery;
        c.reorderProbability = reorderProbability;
        c.reorderDelayNanos = reorderDelayNanos;
        c.jitterNanos = jitterNanos;
        c.duplicateProbability = duplicateProbability;
        c.corruptProbability = corruptProbability;
        c.ecnThreshold = ecnThreshold;
        c.red = red;
        c.aqm = aqm;
        c.framing = framing;
        return c;
    }

    /** Bits per second; 0 is unlimited (no serialization time, so nothing ever queues). */
    public LinkParams setRateBitsPerSec(long bitsPerSec) {
        this.rateBitsPerSec = nonNegative("rate", bitsPerSec);
        return this;
    }

    public LinkParams setDelayNanos(long nanos) {
        this.delayNanos = nonNegative("delay", nanos);
        return this;
    }

    /** The largest extra delay a packet may draw (see the class comment); 0 is off. */
    public LinkParams setJitterNanos(long nanos) {
        this.jitterNanos = nonNegative("jitter", nanos);
        return this;
    }

    public long jitterNanos() {
        return jitterNanos;
    }

    /** Drop-tail limit on the packets not yet fully serialized (including the one on the wire). */
    public LinkParams setQueueLimit(Limit limit) {
        if (limit == null) {
            throw new IllegalArgumentException("queue limit cannot be null: use Limit.NONE");
        }
        this.queueLimit = limit;
        return this;
    }

    public LinkParams setLossProbability(double p) {
        this.lossProbability = probability("loss", p);
        return this;
    }

    /** Drops the Nth, 2Nth, … packet offered while this is on; 0 is off. */
    public LinkParams setLossEvery(int n) {
        if (n != 0 && n < 2) {
            throw new IllegalArgumentException("loss-every must be 0 (off) or at least 2, was " + n);
        }
        this.lossEvery = n;
        return this;
    }

    public LinkParams setReorderProbability(double p) {
        this.reorderProbability = probability("reorder", p);
        return this;
    }

    /** The extra delay of a reordered packet; -1 for the default described in the class comment. */
    public LinkParams setReorderDelayNanos(long nanos) {
        if (nanos < -1) {
            throw new IllegalArgumentException("reorder-delay must be -1 (auto) or at least 0, was " + nanos);
        }
        this.reorderDelayNanos = nanos;
        return this;
    }

    public LinkParams setDuplicateProbability(double p) {
        this.duplicateProbability = probability("duplicate", p);
        return this;
    }

    public LinkParams setCorruptProbability(double p) {
        this.corruptProbability = probability("corrupt", p);
        return this;
    }

    /** The ECN step threshold, or {@code null} for no marking. */
    public LinkParams setEcnThreshold(Limit threshold) {
        if (threshold != null && aqm != null) {
            throw new IllegalArgumentException("the ECN step threshold marks the drop-tail queue; it cannot be "
                    + "combined with the " + aqm.name() + " AQM");
        }
        this.ecnThreshold = threshold;
        return this;
    }

    /** RED on this link's queue (see {@link RedParams}), or {@code null} for none. */
    public LinkParams setRed(RedParams red) {
        if (red != null && aqm != null) {
            throw new IllegalArgumentException("RED cannot be combined with the " + aqm.name() + " AQM");
        }
        this.red = red;
        return this;
    }

    /**
     * The queue discipline: {@link AqmSpec.DropTail} clears RED and any AQM, {@link AqmSpec.Red}
     * is {@link #setRed}, and a {@link ServedAqm} replaces the FIFO (it cannot be combined with
     * RED or the step threshold). A {@link Link} reads it once, when it is made.
     */
    public LinkParams setAqm(AqmSpec spec) {
        if (spec instanceof ServedAqm served) {
            if (red != null || ecnThreshold != null) {
                throw new IllegalArgumentException("the " + served.name() + " AQM replaces the drop-tail queue: "
                        + "it cannot be combined with " + (red != null ? "RED" : "the ECN step threshold"));
            }
            this.aqm = served;
        } else {
            this.aqm = null;
            setRed(spec instanceof AqmSpec.Red r ? r.params() : null);
        }
        return this;
    }

    /** The AQM with queues of its own, or {@code null} for the FIFO (drop-tail, RED, step marking). */
    public ServedAqm aqm() {
        return aqm;
    }

    /** The queue discipline as {@code --aqm} writes it: droptail, red:..., codel:..., and so on. */
    public String queueDiscipline() {
        if (aqm != null) {
            return aqm.toString();
        }
        return red != null ? new AqmSpec.Red(red).toString() : "droptail";
    }

    public RedParams red() {
        return red;
    }

    public long rateBitsPerSec() {
        return rateBitsPerSec;
    }

    public long delayNanos() {
        return delayNanos;
    }

    public Limit queueLimit() {
        return queueLimit;
    }

    public double lossProbability() {
        return lossProbability;
    }

    public int lossEvery() {
        return lossEvery;
    }

    public double reorderProbability() {
        return reorderProbability;
    }

    public long reorderDelayNanos() {
        return reorderDelayNanos;
    }

    public double duplicateProbability() {
        return duplicateProbability;
    }

    public double corruptProbability() {
        return corruptProbability;
    }

    /** The link layer's bytes per packet that take line rate; queue limits still count IP bytes. */
    public LinkParams setFraming(Framing framing) {
        if (framing == null) {
            throw new IllegalArgumentException("framing cannot be null: use Framing.NONE");
        }
        this.framing = framing;
        return this;
    }

    public Framing framing() {
        return framing;
    }

    public Limit ecnThreshold() {
        return ecnThreshold;
    }

    @Override
    public String toString() {
        return "rate=" + rateBitsPerSec + "bit,delay=" + delayNanos + "ns"
                + (jitterNanos == 0 ? "" : ",jitter=" + jitterNanos + "ns") + ",queue=" + queueLimit
                + ",loss=" + lossProbability + ",loss-every=" + lossEvery + ",reorder=" + reorderProbability
                + ",reorder-delay=" + (reorderDelayNanos < 0 ? "auto" : reorderDelayNanos + "ns")
                + ",duplicate=" + duplicateProbability + ",corrupt=" + corruptProbability
                + ",ecn=" + (ecnThreshold == null ? "off" : ecnThreshold)
                + (red == null ? "" : ",red=" + red)
                + (aqm == null ? "" : ",aqm=" + aqm)
                + (framing == Framing.NONE ? "" : ",framing=" + framing);
    }

    private static long nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " cannot be negative: " + value);
        }
        return value;
    }

    private static double probability(String name, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(name + " probability must be within [0, 1], was " + p);
        }
        return p;
    }

    private static int parseCount(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad count '" + value + "': expected a whole number (0 for off)", e);
        }
    }
}
