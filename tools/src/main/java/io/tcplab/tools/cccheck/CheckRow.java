package io.tcplab.tools.cccheck;

/**
 * One model check: what the published model predicts, what the emulator measured, and whether
 * the relative error is within the case's tolerance.
 */
public record CheckRow(String algorithm, String caseName, double model, double measured, double tolerance,
                       String note) {
    public double error() {
        return model == 0 ? Math.abs(measured) : (measured - model) / model;
    }

    public boolean pass() {
        return Double.isFinite(measured) && Math.abs(error()) <= tolerance;
    }

    public String verdict() {
        return pass() ? "PASS" : "FAIL";
    }
}
