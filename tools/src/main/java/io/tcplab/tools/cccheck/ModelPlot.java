package io.tcplab.tools.cccheck;

import io.tcplab.tools.plot.ChartFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One PNG: the measured window (steps: it holds until the next change) against one or more
 * model curves (lines), over time. White background and grey grid, as tcplab's other plots.
 */
final class ModelPlot {
    static final int WIDTH = 800;
    static final int HEIGHT = 450;
    private static final Color MEASURED = new Color(0xd6, 0x27, 0x28);
    private static final Color[] MODELS = {new Color(0x1f, 0x77, 0xb4), new Color(0x2c, 0xa0, 0x2c)};

    private ModelPlot() {
    }

    static void png(Path file, String title, XYSeries measured, XYSeries... models) throws IOException {
        NumberAxis time = new NumberAxis("time since the loss (s)");
        NumberAxis cwnd = new NumberAxis("cwnd (segments)");
        cwnd.setAutoRangeIncludesZero(false);
        XYPlot plot = ChartFiles.styled(new XYPlot(new XYSeriesCollection(measured), time, cwnd, renderer()));
        for (int i = 0; i < models.length; i++) {
            XYLineAndShapeRenderer line = new XYLineAndShapeRenderer(true, false);
            line.setSeriesPaint(0, MODELS[i % MODELS.length]);
            line.setSeriesStroke(0, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                    new float[] {6, 4}, 0));
            plot.setDataset(i + 1, new XYSeriesCollection(models[i]));
            plot.setRenderer(i + 1, line);
        }
        ChartFiles.save(ChartFiles.chart(title, 14, plot, true), file, WIDTH, HEIGHT);
    }

    private static XYStepRenderer renderer() {
        XYStepRenderer r = new XYStepRenderer();
        r.setSeriesPaint(0, MEASURED);
        r.setSeriesStroke(0, new BasicStroke(1.5f));
        return r;
    }
}
