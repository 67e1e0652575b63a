package io.tcplab.tools.experiment;

import io.tcplab.tools.plot.ChartFiles;
import java.awt.Color;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The L4S coexistence plots, from each AQM's first run: {@code l4s-throughput.png}, every flow's
 * goodput over time, one panel per AQM on a shared time axis; {@code l4s-queue-delay.png}, the
 * sojourn-time CDF of the L and C packets under each AQM on a logarithmic time axis (sojourns of
 * 0, packets that found the link idle, are below its left edge).
 */
public final class L4sPlots {
    /**
     * A dark and a light shade of three hues: the CDFs take L and C of each AQM in turn, the
     * goodput panels one dark shade per flow.
     */
    private static final Color[] PALETTE = {new Color(0xb2182b), new Color(0xef8a62), new Color(0x2166ac),
        new Color(0x67a9cf), new Color(0x1b7837), new Color(0x7fbf7b)};
    private L4sPlots() {
    }

    /** Writes both plots into {@code dir}; returns their files. */
    public static List<Path> write(L4sTables tables, Path dir) throws IOException {
        Files.createDirectories(dir);
        return List.of(throughput(tables, dir.resolve("l4s-throughput.png")),
                queueDelay(tables, dir.resolve("l4s-queue-delay.png")));
    }

    private static Path throughput(L4sTables tables, Path file) throws IOException {
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(new NumberAxis("time (s)"));
        for (String aqm : tables.aqms()) {
            L4sResult r = tables.runs(aqm).get(0);
            XYSeriesCollection data = new XYSeriesCollection();
            for (L4sResult.Flow f : r.flows()) {
                XYSeries s = new XYSeries(f.name() + " (" + f.cc() + (f.l4s() ? ", L4S" : "") + ")", false, true);
                for (int k = 0; k < f.binnedMbps().length; k++) {
                    s.add((k + 0.5) * r.binSeconds(), f.binnedMbps()[k]);
                }
                data.addSeries(s);
            }
            // the same colour for a flow in every panel, in the legend once
            XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
            for (int i = 0; i < data.getSeriesCount(); i++) {
                lines.setSeriesPaint(i, PALETTE[(2 * i) % PALETTE.length]);
                lines.setSeriesVisibleInLegend(i, combined.getSubplots().isEmpty());
            }
            combined.add(ChartFiles.styled(new XYPlot(data, null, new NumberAxis(tables.label(aqm) + " Mbit/s"), lines)));
        }
        JFreeChart chart = ChartFiles.chart("Goodput per flow (seed " + tables.runs(tables.aqms().get(0)).get(0).seed()
                + ")", 16, combined, true);
        ChartFiles.save(chart, file, 1000, Math.max(400, 260 * combined.getSubplots().size()));
        return file;
    }

    private static Path queueDelay(L4sTables tables, Path file) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (String aqm : tables.aqms()) {
            L4sResult r = tables.runs(aqm).get(0);
            cdf(data, tables.label(aqm) + " L (L4S)", r.l4sQueue());
            cdf(data, tables.label(aqm) + " C (classic)", r.classicQueue());
        }
        LogAxis time = new LogAxis("sojourn time (ms)");
        time.setSmallestValue(1e-3);
        time.setBase(10);
        time.setTickUnit(new NumberTickUnit(1)); // one tick a decade
        time.setNumberFormatOverride(new DecimalFormat("0.###"));
        NumberAxis fraction = new NumberAxis("fraction of packets at or below");
        fraction.setRange(0, 1);
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            lines.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        XYPlot plot = ChartFiles.styled(new XYPlot(data, time, fraction, lines));
        JFreeChart chart = ChartFiles.chart("Queueing delay per queue (seed "
                + tables.runs(tables.aqms().get(0)).get(0).seed() + ")", 16, plot, true);
        ChartFiles.save(chart, file, 1000, 560);
        return file;
    }

    /** The quantiles as a CDF's points, those of 0 ms left out (a log axis cannot place them). */
    private static void cdf(XYSeriesCollection data, String name, L4sResult.Queue queue) {
        XYSeries s = new XYSeries(name, true, true);
        double[] q = queue.quantilesMs();
        for (int k = 0; k < q.length; k++) {
            if (q[k] > 0) {
                s.addOrUpdate(q[k], (k + 1.0) / q.length);
            }
        }
        if (s.getItemCount() > 0) {
            data.addSeries(s);
        }
    }
}
