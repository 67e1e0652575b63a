package io.tcplab.tools.experiment;

import io.tcplab.tools.plot.ChartFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The seed's two pictures for each kind of spike, one panel per variant on a shared time axis,
 * the spike shaded: {@code cwnd-KIND.png} (the sender's window) and {@code tseq-KIND.png}
 * (time-sequence: segments sent, retransmitted, and SND.UNA as ACKs advance it). Headless.
 */
public final class DelaySpikePlots {
    private static final Color SENT = new Color(0x1f, 0x77, 0xb4);
    private static final Color RETRANSMITTED = new Color(0xd6, 0x27, 0x28);
    private static final Color ACKED = new Color(0x2c, 0xa0, 0x2c);
    private static final Color SPIKE = new Color(255, 200, 0, 60);
    private static final int WIDTH = 1100;
    private static final int PANEL_HEIGHT = 210;

    private DelaySpikePlots() {
    }

    /** Writes both PNGs of every kind into {@code dir} (made if missing); returns the files written. */
    public static List<Path> write(Path dir, DelaySpikeSpec spec, List<VariantRun> runs) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (SpikeKind kind : spec.kinds()) {
            List<VariantRun> ofKind = runs.stream().filter(r -> r.result().kind().equals(kind.label())).toList();
            int height = 90 + PANEL_HEIGHT * ofKind.size();
            Path cwnd = dir.resolve("cwnd-" + kind.label() + ".png");
            ChartFiles.save(chart(spec, kind, ofKind, false), cwnd, WIDTH, height);
            Path tseq = dir.resolve("tseq-" + kind.label() + ".png");
            ChartFiles.save(chart(spec, kind, ofKind, true), tseq, WIDTH, height);
            files.add(cwnd);
            files.add(tseq);
        }
        return files;
    }

    private static JFreeChart chart(DelaySpikeSpec spec, SpikeKind kind, List<VariantRun> runs, boolean timeSequence) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("time (s)"));
        plot.setGap(6);
        for (VariantRun run : runs) {
            XYPlot panel = timeSequence ? timeSequencePanel(run, run == runs.get(0)) : cwndPanel(run);
            panel.addDomainMarker(new IntervalMarker(spec.spikeAtNanos() / 1e9,
                    (spec.spikeAtNanos() + spec.spikeDurationNanos()) / 1e9, SPIKE));
            plot.add(ChartFiles.styled(panel), 1);
        }
        String what = timeSequence ? "time-sequence" : "cwnd";
        return ChartFiles.chart(what + ", " + DelaySpikeTable.title(spec, kind), 13, plot, timeSequence);
    }

    private static XYPlot cwndPanel(VariantRun run) {
        XYSeriesCollection data = new XYSeriesCollection(series("cwnd", run.log().cwnd, 1024.0));
        XYStepRenderer renderer = new XYStepRenderer();
        renderer.setSeriesPaint(0, SENT);
        renderer.setSeriesStroke(0, new BasicStroke(1.2f));
        return panel(data, run.result().variant() + " cwnd (KiB)", renderer);
    }

    /** Every panel has the same three series: only the first one's go in the legend. */
    private static XYPlot timeSequencePanel(VariantRun run, boolean inLegend) {
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(series("sent", run.log().sent, 1 << 20));
        data.addSeries(series("retransmitted", run.log().retransmitted, 1 << 20));
        data.addSeries(series("acked (SND.UNA)", run.log().acked, 1 << 20));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        Color[] colors = {SENT, RETRANSMITTED, ACKED};
        for (int i = 0; i < colors.length; i++) {
            renderer.setSeriesPaint(i, colors[i]);
            renderer.setSeriesShape(i, new Rectangle(-1, -1, i == 1 ? 3 : 2, i == 1 ? 3 : 2));
            renderer.setSeriesVisibleInLegend(i, inLegend);
        }
        return panel(data, run.result().variant() + " seq (MiB)", renderer);
    }

    private static XYPlot panel(XYSeriesCollection data, String label, XYItemRenderer renderer) {
        NumberAxis y = new NumberAxis(label);
        y.setAutoRangeIncludesZero(true);
        return new XYPlot(data, null, y, renderer);
    }

    private static XYSeries series(String name, Series source, double divisor) {
        XYSeries s = new XYSeries(name, false, true);
        for (int i = 0; i < source.size(); i++) {
            s.add(source.time(i) / 1e9, source.value(i) / divisor, false);
        }
        return s;
    }
}
