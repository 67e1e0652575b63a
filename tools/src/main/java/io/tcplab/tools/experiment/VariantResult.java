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
 * @param cwndTouchSeconds        from the spike's start until the window first touches its
 *                                pre-spike value again (a first passage; it may fall again at once);
 *                                0 if it never fell, -1 if it never came back
 * @param cwndBackSeconds         from the spike's start until the window is back at that value and
 *                                stays there to the end of the after-spike window (spike + 5 s);
 *                                0 if it never fell, -1 if it is below it then
 * @param queueDropped            data-link queue drops over the run
 */
public record VariantResult(String kind, String variant, Long rtos, long retransmissions, Long spuriousUndos,
                            Long doubleDrops, double goodputMbps, double spikeGoodputMbps, long cwndPreSpikeBytes,
                            double cwndTouchSeconds, double cwndBackSeconds, long queueDropped) {

    /** The columns in order, as the CSV header and the JSON field names. */
    public static final String[] COLUMNS = {"kind", "variant", "rtos", "retransmissions", "spuriousUndos",
        "doubleDrops", "goodputMbps", "spikeGoodputMbps", "cwndPreSpikeBytes", "cwndTouchSeconds", "cwndBackSeconds",
        "queueDropped"};
}
