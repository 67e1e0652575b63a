package io.tcplab.tools.plot;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.svg.SVGGraphics2D;

/**
 * Every plot tcplab writes goes through here: the look of the charts that set one ({@link #chart},
 * {@link #styled}), and the files: a PNG, and beside it an SVG of the same name when
 * the vector drawing stays small. An SVG is sharp at any zoom in a browser and its text can be
 * searched, which is what a report page wants; but it holds one element per line segment, so a
 * chart of a long trace or a busy time-sequence graph would be megabytes where its PNG is tens of
 * kilobytes, and then the PNG alone is written. {@code tcplab report} shows the SVG where there is
 * one.
 */
public final class ChartFiles {
    /** The largest SVG written beside a PNG; a report embeds it in base64, a third larger again. */
    public static final int MAX_SVG_BYTES = 512 << 10;

    static {
        System.setProperty("java.awt.headless", "true"); // plots are drawn into files, on machines without a display
    }

    private ChartFiles() {
    }

    /** A chart on white with its title in bold sans-serif of {@code titleSize} points. */
    public static JFreeChart chart(String title, int titleSize, Plot plot, boolean legend) {
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, titleSize), plot, legend);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** {@code plot} on white with a light grey grid; returns it. */
    public static XYPlot styled(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    /** Writes {@code png} (must end in .png), {@code width} × {@code height} pixels, and the SVG where it stays small. */
    public static void save(JFreeChart chart, Path png, int width, int height) throws IOException {
        save(List.of(chart), png, width, height);
    }

    /**
     * Writes the charts one below the other, each {@code width} × {@code height}, into {@code png}
     * (must end in .png), and the SVG beside it where it stays small.
     */
    public static void save(List<JFreeChart> charts, Path png, int width, int height) throws IOException {
        String name = png.getFileName().toString();
        if (!name.toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException("a plot is written as PNG; name the file *.png, got " + png);
        }
        if (charts.isEmpty()) {
            throw new IllegalArgumentException("nothing to plot into " + png);
        }
        int total = height * charts.size();
        BufferedImage image = new BufferedImage(width, total, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            draw(charts, g, width, height);
        } finally {
            g.dispose();
        }
        try (OutputStream out = Files.newOutputStream(png)) {
            ChartUtils.writeBufferedImageAsPNG(out, image);
        }
        SVGGraphics2D svg = new SVGGraphics2D(width, total);
        draw(charts, svg, width, height);
        // the element alone, without the document's DOCTYPE: SVG needs none, and a reader must not fetch its DTD
        byte[] bytes = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.getSVGElement())
                .getBytes(StandardCharsets.UTF_8);
        Path svgFile = svgBeside(png);
        if (bytes.length <= MAX_SVG_BYTES) {
            Files.write(svgFile, bytes);
        } else {
            Files.deleteIfExists(svgFile); // an older, smaller drawing of another run must not stand for this one
        }
    }

    /** The SVG file that goes with {@code png}: the same name, ending in .svg. */
    public static Path svgBeside(Path png) {
        String name = png.getFileName().toString();
        return png.resolveSibling(name.substring(0, name.length() - ".png".length()) + ".svg");
    }

    private static void draw(List<JFreeChart> charts, Graphics2D g, int width, int height) {
        for (int i = 0; i < charts.size(); i++) {
            charts.get(i).draw(g, new Rectangle2D.Double(0, (double) i * height, width, height));
        }
    }
}
