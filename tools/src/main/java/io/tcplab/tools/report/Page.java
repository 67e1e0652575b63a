package io.tcplab.tools.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One self-contained HTML page: the style sheet and the table-sorting script are inlined and
 * images are embedded as data: URIs, so the file opens anywhere, offline, on its own. Every text
 * that goes in is escaped; the only markup is the page's own.
 */
public final class Page {
    private static final String CSS = resource("report.css");
    private static final String SCRIPT = resource("report.js");
    private static final Map<String, String> IMAGE_TYPES = Map.of("png", "image/png", "svg", "image/svg+xml",
            "jpg", "image/jpeg", "jpeg", "image/jpeg");

    private final String title;
    private final StringBuilder body = new StringBuilder();

    public Page(String title) {
        this.title = title;
        body.append("<h1>").append(Html.escape(title)).append("</h1>\n");
    }

    /** Whether {@code file} is an image the page can embed (by its extension). */
    public static boolean isImage(Path file) {
        return IMAGE_TYPES.containsKey(extension(file));
    }

    public Page heading(String text) {
        body.append("<h2>").append(Html.escape(text)).append("</h2>\n");
        return this;
    }

    public Page paragraph(String text) {
        body.append("<p>").append(Html.escape(text)).append("</p>\n");
        return this;
    }

    /** Text that says something is missing, set apart from the results. */
    public Page note(String text) {
        body.append("<p class=\"none\">").append(Html.escape(text)).append("</p>\n");
        return this;
    }

    /** A command line, in a monospaced block. */
    public Page command(String line) {
        body.append("<div class=\"command\">").append(Html.escape(line)).append("</div>\n");
        return this;
    }

    /** Labelled values, one a row, not sortable (their order is the story). */
    public Page facts(List<List<String>> rows) {
        body.append("<table class=\"facts\"><tbody>\n");
        for (List<String> row : rows) {
            body.append("<tr><th>").append(Html.escape(row.get(0))).append("</th><td>")
                    .append(Html.escape(row.get(1))).append("</td></tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    public Page table(Table table) {
        body.append("<div class=\"scroll\">\n").append(table.html()).append("</div>\n");
        return this;
    }

    /** The image file embedded whole, under its caption. */
    public Page image(String caption, Path file) throws IOException {
        String uri = "data:" + IMAGE_TYPES.get(extension(file)) + ";base64,"
                + Base64.getEncoder().encodeToString(Files.readAllBytes(file));
        body.append("<figure><img src=\"").append(uri).append("\" alt=\"").append(Html.escape(caption))
                .append("\"><figcaption>").append(Html.escape(caption)).append("</figcaption></figure>\n");
        return this;
    }

    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + Html.escape(title)
                + "</title>\n<style>\n" + CSS + "</style>\n</head>\n<body>\n" + body + "<script>\n" + SCRIPT
                + "</script>\n</body>\n</html>\n";
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, html(), StandardCharsets.UTF_8);
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        return name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    }

    private static String resource(String name) {
        try (InputStream in = Page.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + Page.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
