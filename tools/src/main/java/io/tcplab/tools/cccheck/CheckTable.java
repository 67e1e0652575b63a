package io.tcplab.tools.cccheck;

import java.io.PrintWriter;
import java.util.Locale;

/** {@code tcplab cc check}'s output: a table of {@link CheckRow}s under a header, or a JSON object per row. */
public final class CheckTable {
    private final PrintWriter out;
    private final boolean json;

    /** Prints the header now unless {@code json}. */
    public CheckTable(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
        if (!json) {
            out.printf("%-10s %-30s %10s %10s %8s %7s  %s%n", "algorithm", "case", "model", "measured", "error",
                    "verdict", "note");
        }
    }

    /** One row, flushed. */
    public void print(CheckRow row) {
        if (json) {
            out.printf(Locale.ROOT, "{\"algorithm\":\"%s\",\"case\":\"%s\",\"model\":%.4f,\"measured\":%.4f,"
                            + "\"error\":%.4f,\"rule\":\"%s\",\"tolerance\":%.3f,\"verdict\":\"%s\",\"note\":\"%s\"}%n",
                    row.algorithm(), row.caseName(), row.model(), row.measured(), row.error(), row.rule(),
                    row.tolerance(), row.verdict(), row.note());
        } else {
            out.printf(Locale.ROOT, "%-10s %-30s %10s %10s %+7.1f%% %7s  %s (%s)%n", row.algorithm(),
                    row.caseName(), number(row.model()), number(row.measured()), 100 * row.error(), row.verdict(),
                    row.note(), row.criterion());
        }
        out.flush();
    }

    /** Three significant digits at least: windows print as 304.3, fractions as 0.875. */
    private static String number(double v) {
        return Math.abs(v) >= 100 || v == 0 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.3g", v);
    }
}
