package io.tcplab.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A table of a report: a caption, column headers and rows of text (a cell may link somewhere). */
public final class Table {
    /** One cell: its text, and where it links to (null: plain text). */
    public record Cell(String text, String href) {
        public static Cell of(String text) {
            return new Cell(text, null);
        }
    }

    /**
     * A cell that begins with a number, or is "-" (no number), is set right-aligned so that digits
     * line up; the script sorts by the same leading number.
     */
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d|\\.\\d)|-$");

    private final String caption;
    private final List<String> headers;
    private final List<List<Cell>> rows = new ArrayList<>();

    public Table(String caption, List<String> headers) {
        this.caption = caption;
        this.headers = List.copyOf(headers);
    }

    public Table row(List<String> texts) {
        return cells(texts.stream().map(Cell::of).toList());
    }

    public Table cells(List<Cell> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException(caption + ": a row of " + cells.size() + " cells under "
                    + headers.size() + " headers");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public List<List<Cell>> rows() {
        return List.copyOf(rows);
    }

    /** The table as HTML; the page's script makes every {@code table.sortable} sort on a header click. */
    String html() {
        StringBuilder out = new StringBuilder("<table class=\"sortable\">\n");
        if (!caption.isEmpty()) {
            out.append("<caption>").append(Html.escape(caption)).append("</caption>\n");
        }
        out.append("<thead><tr>");
        headers.forEach(h -> out.append("<th>").append(Html.escape(h)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<Cell> row : rows) {
            out.append("<tr>");
            for (Cell c : row) {
                String text = Html.escape(c.text());
                out.append(NUMBER.matcher(c.text()).lookingAt() ? "<td class=\"num\">" : "<td>").append(c.href() == null ? text
                        : "<a href=\"" + Html.escape(c.href()) + "\">" + text + "</a>").append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody></table>\n").toString();
    }
}
