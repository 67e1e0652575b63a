package io.tcplab.tools.cccheck;

/**
 * One model check: what the published model predicts, what the emulator measured, and whether
 * it holds. {@link Rule#WITHIN}: the relative error is within {@code tolerance}; {@link Rule#AT_MOST}
 * and {@link Rule#AT_LEAST}: the model value is a bound; {@link Rule#INFO}: shown for comparison
 * only (the reason is in the note and the docs), never a failure.
 */
public record CheckRow(String algorithm, String caseName, double model, double measured, double tolerance,
                       String note, Rule rule) {

    /** How a row's measured value is judged against its model value. */
    public enum Rule { WITHIN, AT_MOST, AT_LEAST, INFO }

    public CheckRow(String algorithm, String caseName, double model, double measured, double tolerance, String note) {
        this(algorithm, caseName, model, measured, tolerance, note, Rule.WITHIN);
    }

    public double error() {
        return model == 0 ? Math.abs(measured) : (measured - model) / model;
    }

    public boolean pass() {
        if (!Double.isFinite(measured)) {
            return rule == Rule.INFO;
        }
        return switch (rule) {
            case WITHIN -> Math.abs(error()) <= tolerance;
            case AT_MOST -> measured <= model;
            case AT_LEAST -> measured >= model;
            case INFO -> true;
        };
    }

    public String verdict() {
        if (rule == Rule.INFO) {
            return "INFO";
        }
        return pass() ? "PASS" : "FAIL";
    }

    /** The criterion as the table prints it: "±10%", "<= model", ">= model" or "info". */
    public String criterion() {
        return switch (rule) {
            case WITHIN -> String.format(java.util.Locale.ROOT, "tol ±%.0f%%", 100 * tolerance);
            case AT_MOST -> "bound: <= model";
            case AT_LEAST -> "bound: >= model";
            case INFO -> "info, not judged";
        };
    }
}
