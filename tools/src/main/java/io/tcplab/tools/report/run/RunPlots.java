package io.tcplab.tools.report.run;

import io.tcplab.tools.plot.ChartFiles;
import io.tcplab.tools.scenario.FlowSeries;
import io.tcplab.tools.scenario.LinkSeries;
import io.tcplab.tools.scenario.ScenarioResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.IntToDoubleFunction;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * {@code tcplab run}'s PNG plots of one run, in {@code DIR/seed-N/}: goodput per flow over time
 * (throughput.png), each connection's cwnd (cwnd.png), each topology link's queue (queue.png).
 * With many flows only the first {@link #MAX_LINES} are drawn, test flows first.
 */
public final class RunPlots {
    static final int MAX_LINES = 12;

    private RunPlots() {
    }

    public static void write(ScenarioResult r, Set<String> wanted, List<String> topologyLinks, Path dir) throws IOException {
        Path runDir = Files.createDirectories(dir.resolve("seed-" + r.seed()));
        List<FlowSeries> flows = r.flows().stream()
                .sorted((a, b) -> Boolean.compare(a.flow().group().equals("background"), b.flow().group().equals("background")))
                .limit(MAX_LINES).toList();
        double seconds = r.sampleNanos() / 1e9;
        if (wanted.contains("throughput")) {
            XYSeriesCollection data = new XYSeriesCollection();
            for (FlowSeries f : flows) {
                data.addSeries(series(f.name(), r, 1, k -> (f.delivered()[k] - f.delivered()[k - 1]) * 8 / seconds / 1e6));
            }
            save(runDir.resolve("throughput.png"), "Goodput per flow", "Mbit/s", data);
        }
        if (wanted.contains("cwnd")) {
            XYSeriesCollection data = new XYSeriesCollection();
            for (FlowSeries f : flows) {
                if (f.info() != null) {
                    data.addSeries(series(f.name(), r, 0, k -> f.cwnd()[k] / 1024.0));
                }
            }
            save(runDir.resolve("cwnd.png"), "Congestion window", "KiB", data);
        }
        if (wanted.contains("queue")) {
            XYSeriesCollection data = new XYSeriesCollection();
            for (LinkSeries l : r.links()) {
                if (topologyLinks.contains(l.name())) {
                    data.addSeries(series(l.name(), r, 0, k -> l.queueBytes()[k] / 1024.0));
                }
            }
            save(runDir.resolve("queue.png"), "Queue length", "KiB", data);
        }
    }

    private static XYSeries series(String name, ScenarioResult r, int first, IntToDoubleFunction value) {
        XYSeries s = new XYSeries(name, false, true);
        for (int k = first; k < r.samples(); k++) {
            s.add(k * r.sampleNanos() / 1e9, value.applyAsDouble(k));
        }
        return s;
    }

    private static void save(Path file, String title, String unit, XYSeriesCollection data) throws IOException {
        JFreeChart chart = ChartFactory.createXYLineChart(title, "time (s)", unit, data, PlotOrientation.VERTICAL,
                true, false, false);
        ChartFiles.save(chart, file, 1000, 500);
    }
}
