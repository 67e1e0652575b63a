package io.tcplab.tools.experiment;

/** A variant's row and the sender trace it was computed from (for the CSV files and plots). */
public record VariantRun(VariantResult result, SenderLog log) {
}
