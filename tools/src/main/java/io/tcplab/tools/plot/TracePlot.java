package io.tcplab.tools.plot;

import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One connection's trace over time, three panels on a shared time axis: cwnd, ssthresh and bytes
 * in flight (KiB); smoothed RTT and RTO (ms); SND.UNA and SND.NXT (MiB from the ISN), each
 * retransmission a red mark. It is fed the trace rows as they come, with the times they carry
 * (shift them first to plot from a connection's start); a line keeps a point only where its
 * value changes, and is drawn as steps, each value holding until the next. Headless.
 */
public final class TracePlot implements TraceListener {
    private static final double KIB = 1024.0;
    private static final double MIB = 1024.0 * 1024.0;
    private static final Color[] LINES = {new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e),
        new Color(0x2c, 0xa0, 0x2c)};
    private static final Color RETRANSMITTED = new Color(0xd6, 0x27, 0x28);

    private final XYSeries cwnd = new XYSeries("cwnd", false, true);
    private final XYSeries ssthresh = new XYSeries("ssthresh", false, true);
    private final XYSeries inflight = new XYSeries("in flight", false, true);
    private final XYSeries srtt = new XYSeries("srtt", false, true);
    private final XYSeries rto = new XYSeries("rto", false, true);
    private final XYSeries una = new XYSeries("SND.UNA", false, true);
    private final XYSeries nxt = new XYSeries("SND.NXT", false, true);
    private final XYSeries retransmitted = new XYSeries("retransmission", false, true);
    private final XYSeries[] lines = {cwnd, ssthresh, inflight, srtt, rto, una, nxt};
    private double lastSeconds = Double.NaN;

    @Override
    public void onTrace(TraceRecord r) {
        double t = r.nowNanos / 1e9;
        lastSeconds = t;
        if (r.cwnd > 0) { // 0 before the handshake synchronizes the window
            step(cwnd, t, r.cwnd / KIB);
            step(inflight, t, r.inflight / KIB);
        }
        if (r.ssthresh > 0 && r.ssthresh != Long.MAX_VALUE) {
            step(ssthresh, t, r.ssthresh / KIB);
        }
        if (r.srttNanos > 0) {
            step(srtt, t, r.srttNanos / 1e6);
        }
        step(rto, t, r.rtoNanos / 1e6);
        step(una, t, r.sndUna / MIB);
        step(nxt, t, r.sndNxt / MIB);
        if (r.event == TraceEvent.RETRANSMIT) {
            retransmitted.add(t, r.seq / MIB, false);
        }
    }

    /** No row came: nothing to draw. */
    public boolean isEmpty() {
        return Double.isNaN(lastSeconds);
    }

    /** Writes the chart into {@code png} (must end in .png) through {@link ChartFiles}. */
    public void save(String title, Path png) throws IOException {
        for (XYSeries s : lines) { // the last value holds to the last row
            int n = s.getItemCount();
            if (n > 0 && s.getX(n - 1).doubleValue() < lastSeconds) {
                s.add(lastSeconds, s.getY(n - 1), false);
            }
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("time from the connection's start (s)"));
        plot.setGap(8);
        plot.add(steps("KiB", cwnd, ssthresh, inflight), 3);
        plot.add(steps("ms", srtt, rto), 2);
        XYPlot sequence = steps("MiB from the ISN", una, nxt);
        XYLineAndShapeRenderer marks = new XYLineAndShapeRenderer(false, true);
        marks.setSeriesPaint(0, RETRANSMITTED);
        marks.setSeriesShape(0, new Rectangle(-2, -2, 4, 4));
        sequence.setDataset(1, new XYSeriesCollection(retransmitted));
        sequence.setRenderer(1, marks);
        plot.add(sequence, 2);
        ChartFiles.save(ChartFiles.chart(title, 13, plot, true), png, 1100, 850);
    }

    private static XYPlot steps(String unit, XYSeries... series) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYStepRenderer renderer = new XYStepRenderer();
        for (int i = 0; i < series.length; i++) {
            data.addSeries(series[i]);
            renderer.setSeriesPaint(i, LINES[i]);
            renderer.setSeriesStroke(i, new BasicStroke(1.3f));
        }
        NumberAxis y = new NumberAxis(unit);
        y.setAutoRangeIncludesZero(true);
        return ChartFiles.styled(new XYPlot(data, null, y, renderer));
    }

    /** Adds the point when the line's value changes (or it has none yet). */
    private static void step(XYSeries s, double t, double value) {
        int n = s.getItemCount();
        if (n == 0 || s.getY(n - 1).doubleValue() != value) {
            s.add(t, value, false);
        }
    }
}
