package io.tcplab.tools.experiment;

/**
 * A sender's loss-recovery counts over a run, null where it keeps none comparable (see
 * {@link VariantResult}).
 */
record SenderCounts(Long rtos, long retransmissions, Long spuriousUndos, Long doubleDrops) {
}
