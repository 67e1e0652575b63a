package io.tcplab.tools.experiment;

import io.tcplab.tools.plot.ChartFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Goodput over time of flow1 (the protocol) and flow2 (SACK) at one RTT, one panel per protocol
 * stacked on a shared time axis, from each cell's first run: {@code throughput-RTTms.png}.
 */
public final class FriendlinessPlot {
    /** The RTT seed 000 plots; the nearest one run is used when it was not. */
    public static final double PLOTTED_RTT_MS = 82;

    private FriendlinessPlot() {
    }

    public static Path write(FriendlinessTables tables, Path dir) throws IOException {
        double rtt = tables.rtts().stream()
                .min(Comparator.comparingDouble(r -> Math.abs(r - PLOTTED_RTT_MS))).orElseThrow();
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(new NumberAxis("time (s)"));
        for (String protocol : tables.protocols()) {
            List<FriendlinessResult> runs = tables.cell(protocol, rtt);
            if (runs.isEmpty()) {
                continue;
            }
            FriendlinessResult r = runs.get(0);
            XYSeriesCollection data = new XYSeriesCollection();
            data.addSeries(series("flow1 " + ProtocolLabels.label(protocol), r.flow1Mbps(), r.binSeconds()));
            data.addSeries(series("flow2 SACK", r.flow2Mbps(), r.binSeconds()));
            NumberAxis mbps = new NumberAxis(ProtocolLabels.label(protocol) + " Mbit/s");
            combined.add(new XYPlot(data, null, mbps, new XYLineAndShapeRenderer(true, false)));
        }
        JFreeChart chart = new JFreeChart("Goodput per flow, RTT " + FriendlinessTables.number(rtt) + " ms (seed "
                + tables.cell(tables.protocols().get(0), rtt).stream().findFirst().map(FriendlinessResult::seed).orElse(0L)
                + ")", JFreeChart.DEFAULT_TITLE_FONT, combined, true);
        Path file = Files.createDirectories(dir).resolve("throughput-" + FriendlinessTables.number(rtt) + "ms.png");
        ChartFiles.save(chart, file, 1000, Math.max(400, 220 * combined.getSubplots().size()));
        return file;
    }

    private static XYSeries series(String name, double[] mbps, double binSeconds) {
        XYSeries s = new XYSeries(name, false, true);
        for (int k = 0; k < mbps.length; k++) {
            s.add((k + 0.5) * binSeconds, mbps[k]);
        }
        return s;
    }
}
