package io.tcplab.tools.plot;

import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.trace.TraceRecord;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One connection's trace over time, three panels on a shared time axis: cwnd, ssthresh and bytes
 * in flight (KiB); smoothed RTT and RTO (ms, on a log scale: a 1 s RTO would flatten a 20 ms RTT);
 * SND.UNA and SND.NXT (MiB from the ISN), each retransmission a red mark. It is fed the trace rows
 * as they come, with the times they carry (shift them first to plot from a connection's start); a
 * line keeps a point only where its value changes, and is drawn as steps, each value holding until
 * the next. The plot ends at TIME-WAIT or CLOSED: TIME-WAIT's 2 MSL would squeeze the connection's
 * life into the left edge. Headless.
 */
public final class TracePlot implements TraceListener {
    private static final double KIB = 1024.0;
    private static final double MIB = 1024.0 * 1024.0;
    /** One colour per line across the panels, so that the legend names each. */
    private static final Color[] LINES = {new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e),
        new Color(0x2c, 0xa0, 0x2c), new Color(0x94, 0x67, 0xbd), new Color(0x8c, 0x56, 0x4b),
        new Color(0x17, 0xbe, 0xcf), new Color(0x7f, 0x7f, 0x7f)};
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
    private boolean ended;

    @Override
    public void onTrace(TraceRecord r) {
        if (ended) {
            return;
        }
        ended = r.event == TraceEvent.TCP_STATE
                && (TcpState.TIME_WAIT.name().equals(r.detail) || TcpState.CLOSED.name().equals(r.detail));
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
        if (r.rtoNanos > 0) {
            step(rto, t, r.rtoNanos / 1e6);
        }
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
        plot.add(steps(new NumberAxis("KiB"), 0, cwnd, ssthresh, inflight), 3);
        LogAxis ms = new LogAxis("ms");
        ms.setSmallestValue(0.01);
        ms.setTickUnit(new NumberTickUnit(1)); // a tick at each power of ten, labelled plainly
        ms.setNumberFormatOverride(new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        plot.add(steps(ms, 3, srtt, rto), 2);
        NumberAxis mib = new NumberAxis("MiB from the ISN");
        XYPlot sequence = steps(mib, 5, una, nxt);
        XYLineAndShapeRenderer marks = new XYLineAndShapeRenderer(false, true);
        marks.setSeriesPaint(0, RETRANSMITTED);
        marks.setSeriesShape(0, new Rectangle(-2, -2, 4, 4));
        sequence.setDataset(1, new XYSeriesCollection(retransmitted));
        sequence.setRenderer(1, marks);
        plot.add(sequence, 2);
        ChartFiles.save(ChartFiles.chart(title, 13, plot, true), png, 1100, 850);
    }

    /** A panel of step lines on {@code y}, coloured from {@code LINES[firstColour]} on. */
    private static XYPlot steps(ValueAxis y, int firstColour, XYSeries... series) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYStepRenderer renderer = new XYStepRenderer();
        for (int i = 0; i < series.length; i++) {
            data.addSeries(series[i]);
            renderer.setSeriesPaint(i, LINES[firstColour + i]);
            renderer.setSeriesStroke(i, new BasicStroke(1.3f));
        }
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
