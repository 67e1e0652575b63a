package io.tcplab.tools.cccheck;

import io.tcplab.cc.HighSpeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import org.jfree.data.xy.XYSeries;

/**
 * {@code tcplab cc check --plot DIR}: the window after one loss (the runs of {@link ShapeChecks})
 * against the models, from the start of the loss's recovery. CUBIC: RFC 9438's W(t) with W_max
 * and cwnd_epoch from the trace. HighSpeed: the growth the Linux table's a(w) gives and the one
 * RFC 3649's continuous a(w) gives, both from the window at the end of recovery.
 */
public final class ShapePlots {
    private static final long S = 1_000_000_000L;
    private static final double RTT = OneLoss.RTT / 1e9;

    private ShapePlots() {
    }

    /** Writes the plots into {@code dir} (created if missing) and returns the files. */
    public static List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        files.add(cubic(dir.resolve("cc-cubic-after-loss.png")));
        files.add(highspeed(dir.resolve("cc-highspeed-after-loss.png")));
        return files;
    }

    private static Path cubic(Path file) throws IOException {
        CwndTrace tr = OneLoss.run("cubic:hystart=off", 400, 500, 12 * S, 40 * S);
        double wMax = tr.cwndBeforeLoss(0);
        long t0 = tr.exitTime(0);
        double k = Math.cbrt((wMax - tr.cwndAt(t0)) / 0.4);
        XYSeries model = new XYSeries("RFC 9438 W(t) = 0.4(t-K)^3 + W_max");
        for (double t = 0; t <= 1.6 * k; t += RTT) {
            model.add(t + (t0 - tr.lossTime(0)) / 1e9, 0.4 * Math.pow(t - k, 3) + wMax);
        }
        ModelPlot.png(file, String.format(Locale.ROOT, "cubic after one loss: W_max %.0f, K %.2f s, RTT 100 ms",
                wMax, k), measured(tr, 1.6 * k), model);
        return file;
    }

    private static Path highspeed(Path file) throws IOException {
        CwndTrace tr = OneLoss.run("highspeed", 400, 480, 4 * S, 30 * S);
        long t0 = tr.exitTime(0);
        double w0 = tr.cwndAt(t0);
        double offset = (t0 - tr.lossTime(0)) / 1e9;
        XYSeries table = growth("Linux table a(w) per RTT", w0, offset, 4, w -> HighSpeed.a((long) w));
        XYSeries rfc = growth("RFC 3649 a(w) per RTT", w0, offset, 4, ShapeChecks::rfcA);
        ModelPlot.png(file, String.format(Locale.ROOT, "highspeed after one loss at %.0f segments, RTT 100 ms",
                tr.cwndBeforeLoss(0)), measured(tr, 4), table, rfc);
        return file;
    }

    /** dW/dt = a(W)/RTT from {@code w0}, integrated in small steps. */
    private static XYSeries growth(String name, double w0, double offset, double seconds, DoubleUnaryOperator a) {
        XYSeries s = new XYSeries(name);
        double w = w0;
        double dt = RTT / 10;
        for (double t = 0; t <= seconds; t += dt) {
            s.add(offset + t, w);
            w += a.applyAsDouble(w) * dt / RTT;
        }
        return s;
    }

    /** The measured window from the loss to {@code seconds} after the end of its recovery. */
    private static XYSeries measured(CwndTrace tr, double seconds) {
        XYSeries s = new XYSeries("tcplab cwnd (emulator)", false, true);
        long from = tr.lossTime(0);
        long to = tr.exitTime(0) + (long) (seconds * S);
        for (int i = 0; i < tr.points(); i++) {
            if (tr.time(i) >= from && tr.time(i) <= to) {
                s.add((tr.time(i) - from) / 1e9, tr.cwnd(i));
            }
        }
        return s;
    }
}
