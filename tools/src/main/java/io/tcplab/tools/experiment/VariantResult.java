package io.tcplab.tools.experiment;

/**
 * One row of the delay-spike table: a variant under one kind of spike. A count is null where the
 * sender keeps none comparable (the kernel variant of a real run; "n/a" in the table).
 *
 * @param rtos                    retransmission timeouts (trace {@code RTO} events)
 * @param retransmissions         segments sent again (trace {@code RETRANSMIT} events)
 * @param spuriousUndos           reductions undone as spurious (trace {@code SPURIOUS_UNDO})
 * @param doubleDrops             retransmissions deemed lost again (TEB)
 * @param goodputMbps             bytes delivered to the receiving application over the whole run
 * @param spikeGoodputMbps        the same over [spike, spike + 5 s]
 * @param cwndPreSpikeBytes       the sender's window just before the spike
 * @param cwndRecoverySeconds     from the spike's start until the window is back at its pre-spike
 *                                value; 0 if it never fell, -1 if it never came back
 * @param queueDropped            data-link queue drops over the run
 */
public record VariantResult(String kind, String variant, Long rtos, long retransmissions, Long spuriousUndos,
                            Long doubleDrops, double goodputMbps, double spikeGoodputMbps, long cwndPreSpikeBytes,
                            double cwndRecoverySeconds, long queueDropped) {

    /** The columns in order, as the CSV header and the JSON field names. */
    public static final String[] COLUMNS = {"kind", "variant", "rtos", "retransmissions", "spuriousUndos",
        "doubleDrops", "goodputMbps", "spikeGoodputMbps", "cwndPreSpikeBytes", "cwndRecoverySeconds", "queueDropped"};
}
