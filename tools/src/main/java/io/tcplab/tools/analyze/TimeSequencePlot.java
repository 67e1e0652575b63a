package io.tcplab.tools.analyze;

import io.tcplab.tools.plot.ChartFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.renderer.xy.YIntervalRenderer;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * {@code --plot DIR}: a time-sequence (Stevens) graph per direction that carried data,
 * {@code flow-N-tseq.png} for the data direction and {@code flow-N-reverse-tseq.png} for the
 * other when it has payload: each segment a vertical bar from its first to its last sequence
 * number at the time it was captured (originals blue, retransmissions red and on top, out-of-order orange),
 * the ACK number as a green step line, the right edge of the offered window (ACK + window) grey,
 * and each SACK block a purple bar at the time of the ACK that carried it. Headless.
 */
public final class TimeSequencePlot {
    static final int WIDTH = 1100;
    static final int HEIGHT = 650;
    private static final Color ORIGINAL = new Color(0x1f, 0x77, 0xb4);
    private static final Color RETRANSMITTED = new Color(0xd6, 0x27, 0x28);
    private static final Color OUT_OF_ORDER = new Color(0xff, 0x7f, 0x0e);
    private static final Color SACK = new Color(0x94, 0x67, 0xbd, 110);
    private static final Color ACK = new Color(0x2c, 0xa0, 0x2c);
    private static final Color WINDOW = new Color(0x99, 0x99, 0x99);

    private TimeSequencePlot() {
    }

    /** Writes the PNGs into {@code dir} (made if missing); returns them. */
    public static List<Path> write(Analysis a, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (FlowReport f : a.flows()) {
            files.add(png(dir.resolve("flow-" + f.flow() + "-tseq.png"), f.flow(), f.data(), a.startNanos()));
            if (f.reverse().wireBytes() > 0) {
                files.add(png(dir.resolve("flow-" + f.flow() + "-reverse-tseq.png"), f.flow(), f.reverse(),
                        a.startNanos()));
            }
        }
        return files;
    }

    private static Path png(Path file, int flow, DirectionReport d, long t0) throws IOException {
        DirectionSeries s = d.series();
        YIntervalSeries original = new YIntervalSeries("segment");
        YIntervalSeries retransmitted = new YIntervalSeries("retransmission");
        YIntervalSeries reordered = new YIntervalSeries("out of order");
        YIntervalSeries sack = new YIntervalSeries("SACK block");
        for (DirectionSeries.SegmentPoint p : s.segments) {
            YIntervalSeries into = p.kind().retransmission() ? retransmitted
                    : p.kind() == SegmentKind.OUT_OF_ORDER ? reordered : original;
            into.add(seconds(p.timeNanos(), t0), p.end(), p.start(), p.end());
        }
        for (DirectionSeries.SackBlock b : s.sacks) {
            sack.add(seconds(b.timeNanos(), t0), b.right(), b.left(), b.right());
        }
        // drawn in this order, so that the retransmissions are on top
        YIntervalSeriesCollection bars = new YIntervalSeriesCollection();
        bars.addSeries(sack);
        bars.addSeries(original);
        bars.addSeries(reordered);
        bars.addSeries(retransmitted);
        YIntervalRenderer barRenderer = new YIntervalRenderer();
        Color[] colors = {SACK, ORIGINAL, OUT_OF_ORDER, RETRANSMITTED};
        for (int i = 0; i < colors.length; i++) {
            boolean marked = i >= 2; // out of order and retransmissions: larger, to be found at a glance
            barRenderer.setSeriesPaint(i, colors[i]);
            barRenderer.setSeriesShape(i, marked ? new Rectangle(-4, -2, 9, 5) : new Rectangle(-2, 0, 4, 1));
            barRenderer.setSeriesStroke(i, new BasicStroke(marked ? 2.0f : 1.0f));
        }

        XYSeries acks = new XYSeries("ACK", false, true);
        XYSeries window = new XYSeries("ACK + receive window", false, true);
        for (DirectionSeries.AckPoint p : s.acks) {
            acks.add(seconds(p.timeNanos(), t0), p.ack(), false);
            window.add(seconds(p.timeNanos(), t0), p.windowEdge(), false);
        }
        XYSeriesCollection lines = new XYSeriesCollection();
        lines.addSeries(acks);
        lines.addSeries(window);
        XYStepRenderer lineRenderer = new XYStepRenderer();
        lineRenderer.setSeriesPaint(0, ACK);
        lineRenderer.setSeriesPaint(1, WINDOW);
        lineRenderer.setSeriesStroke(0, new BasicStroke(1.2f));
        lineRenderer.setSeriesStroke(1, new BasicStroke(1.0f));

        NumberAxis y = new NumberAxis("sequence number (bytes from the ISN)");
        y.setAutoRangeIncludesZero(false);
        // the segments, SACK blocks and ACKs fill the height; a window edge far above them is cut off
        Range range = Range.combine(DatasetUtils.findRangeBounds(bars, true),
                acks.getItemCount() == 0 ? null : new Range(acks.getMinY(), acks.getMaxY()));
        if (range != null && range.getLength() > 0) {
            double low = range.getLowerBound();
            double high = range.getUpperBound();
            double pad = (high - low) * 0.03;
            y.setRange(low - pad, high + pad);
        }
        NumberAxis x = new NumberAxis("time since the capture's first packet (s)");
        x.setAutoRangeIncludesZero(false);
        XYPlot plot = ChartFiles.styled(new XYPlot(bars, x, y, barRenderer));
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        plot.setDataset(1, lines);
        plot.setRenderer(1, lineRenderer);
        String title = String.format("flow %d, %s > %s: %d segments, %d retransmitted, %d out of order", flow, d.from(),
                d.to(), s.segments.size(), d.retransmissions(), d.outOfOrder());
        ChartFiles.save(ChartFiles.chart(title, 13, plot, true), file, WIDTH, HEIGHT);
        return file;
    }

    private static double seconds(long nanos, long t0) {
        return (nanos - t0) / 1e9;
    }
}
