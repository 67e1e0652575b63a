package io.tcplab.tools.ab;

import io.tcplab.tools.plot.ChartFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws cwnd (KiB) and smoothed RTT (ms) over time for both runs of an A/B result, one panel
 * above the other on a shared time axis, into a PNG. Headless: no display is needed.
 */
public final class AbPlot {
    private static final Color KERNEL = new Color(0x1f, 0x77, 0xb4);
    private static final Color TCPLAB = new Color(0xd6, 0x27, 0x28);

    private AbPlot() {
    }

    /** Writes {@code file} (must end in .png), {@code width} × {@code height} pixels. */
    public static void png(AbResult r, Path file, int width, int height) throws IOException {
        png(List.of(r), file, width, height);
    }

    /**
     * Writes each result's chart one below the other into {@code file} (must end in .png):
     * {@code width} pixels wide, {@code height} per chart (the parity suite's plot of a path).
     */
    public static void png(List<AbResult> results, Path file, int width, int height) throws IOException {
        ChartFiles.save(results.stream().map(AbPlot::chart).toList(), file, width, height);
    }

    static JFreeChart chart(AbResult r) {
        String k = "kernel " + r.kernel().congestionControl();
        String t = "tcplab " + r.tcplab().congestionControl();
        XYSeriesCollection cwnd = new XYSeriesCollection();
        cwnd.addSeries(series(k, r.kernel(), true));
        cwnd.addSeries(series(t, r.tcplab(), true));
        XYSeriesCollection rtt = new XYSeriesCollection();
        rtt.addSeries(series(k, r.kernel(), false));
        rtt.addSeries(series(t, r.tcplab(), false));

        NumberAxis time = new NumberAxis("time (s)");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(8);
        plot.add(panel(cwnd, "cwnd (KiB)", true), 3);
        plot.add(panel(rtt, "srtt (ms)", false), 2);
        return ChartFiles.chart(String.format(Locale.ROOT, "A/B %s: %d bytes over %s", r.spec().cc(),
                r.spec().bytes(), AbReport.describe(r.spec())), 14, plot, true);
    }

    private static XYSeries series(String name, RunResult run, boolean cwnd) {
        XYSeries s = new XYSeries(name, false, true);
        for (Sample p : run.samples()) {
            if (cwnd) {
                s.add(p.atNanos() / 1e9, p.cwndBytes() / 1024.0);
            } else if (p.srttNanos() > 0) {
                s.add(p.atNanos() / 1e9, p.srttNanos() / 1e6);
            }
        }
        return s;
    }

    /** A sampled value holds until the next sample, so the lines are steps. */
    private static XYPlot panel(XYSeriesCollection data, String label, boolean inLegend) {
        XYStepRenderer renderer = new XYStepRenderer();
        renderer.setSeriesVisibleInLegend(0, inLegend);
        renderer.setSeriesVisibleInLegend(1, inLegend);
        renderer.setSeriesPaint(0, KERNEL);
        renderer.setSeriesPaint(1, TCPLAB);
        renderer.setSeriesStroke(0, new BasicStroke(1.5f));
        renderer.setSeriesStroke(1, new BasicStroke(1.5f));
        NumberAxis y = new NumberAxis(label);
        y.setAutoRangeIncludesZero(true);
        return ChartFiles.styled(new XYPlot(data, null, y, renderer));
    }
}
