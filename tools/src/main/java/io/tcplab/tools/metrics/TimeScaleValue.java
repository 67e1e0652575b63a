package io.tcplab.tools.metrics;

/**
 * A metric at one time scale τ, with how many τ-long windows it was computed from. {@code value}
 * is NaN when there were too few windows for it to mean anything (none for J(τ), fewer than two
 * for CoV(τ)), so a table shows a gap rather than a number from nothing.
 */
public record TimeScaleValue(double tauSeconds, int windows, double value) {
}
