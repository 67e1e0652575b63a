package io.tcplab.tools.metrics;

/** Converts a length of time to a whole number of sample intervals, refusing one that is not. */
final class GridSteps {
    private static final double GRID_SLACK = 1e-9;

    private GridSteps() {
    }

    /** {@code seconds / interval} when that is a whole number; {@code what} names the length in errors. */
    static int of(double seconds, double intervalSeconds, String what) {
        double steps = seconds / intervalSeconds;
        long whole = Math.round(steps);
        if (Math.abs(steps - whole) > GRID_SLACK * Math.max(1, steps) || whole > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " of " + seconds + " s is not a whole number of "
                    + intervalSeconds + " s sample intervals");
        }
        return (int) whole;
    }
}
