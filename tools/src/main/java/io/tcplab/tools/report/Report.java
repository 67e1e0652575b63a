package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A report an endpoint command prints: as text, one labelled line per aspect, or with --json as
 * one JSON object per line holding the record's components under their names.
 */
public interface Report {
    ObjectMapper MAPPER = new ObjectMapper();

    void printText(PrintWriter out);

    /** One text line: the label in a 16-wide column, then the formatted value. */
    static void line(PrintWriter out, String label, String format, Object... args) {
        out.printf(Locale.ROOT, "%-16s %s%n", label, String.format(Locale.ROOT, format, args));
    }
}
