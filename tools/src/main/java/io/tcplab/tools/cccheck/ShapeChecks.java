package io.tcplab.tools.cccheck;

import io.tcplab.cc.HighSpeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The window's shape after one loss ({@link OneLoss}), read from the sender's trace and compared
 * with each algorithm's published rule. Growth is measured from the window at the end of
 * recovery (the epoch's start), so the tolerance applies to what the algorithm added, not to the
 * whole window. Deterministic: 10%.
 */
final class ShapeChecks {
    static final double TOL = CcChecks.DETERMINISTIC;
    private static final long S = 1_000_000_000L;
    private static final double RTT = OneLoss.RTT / 1e9;

    private ShapeChecks() {
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** RFC 9438 §4.2: W(t) = C(t−K)³ + W_max, K = ∛((W_max − cwnd_epoch)/C), C = 0.4. */
    static List<CheckRow> cubic() {
        CwndTrace tr = OneLoss.run("cubic:hystart=off", 400, 500, 12 * S, 40 * S);
        List<CheckRow> rows = new ArrayList<>();
        double c = 0.4;
        double wMax = tr.cwndBeforeLoss(0);
        long t0 = tr.exitTime(0);
        double w0 = tr.cwndAt(t0);
        double k = Math.cbrt((wMax - w0) / c);
        String note = f("W_max %.0f, cwnd_epoch %.0f, K %.2fs; growth W(t)-W(0)", wMax, w0, k);
        for (double frac : new double[] {0.25, 0.5, 1.0, 1.5}) {
            double t = frac * k;
            double model = c * Math.pow(t - k, 3) + wMax - w0;
            double measured = tr.cwndAt(t0 + (long) (t * S)) - w0;
            rows.add(new CheckRow("cubic", f("W(t) after 1 loss, t=%.2fK", frac), model, measured, TOL, note));
        }
        rows.add(worstPerRtt(tr, t0, w0, 1.5 * k, t -> c * Math.pow(t - k, 3) + wMax - w0, note));
        return rows;
    }

    /** The RTT (from the second on) where the measured growth strays most from the model's. */
    private static CheckRow worstPerRtt(CwndTrace tr, long t0, double w0, double until,
                                        java.util.function.DoubleUnaryOperator model, String note) {
        double worstErr = -1;
        double worstModel = Double.NaN;
        double worstMeasured = Double.NaN;
        int n = 0;
        for (double t = RTT; t <= until; t += RTT) {
            double m = model.applyAsDouble(t);
            double w = tr.cwndAt(t0 + (long) (t * S)) - w0;
            double err = Math.abs(w - m) / Math.max(m, 1);
            n++;
            if (err > worstErr) {
                worstErr = err;
                worstModel = m;
                worstMeasured = w;
            }
        }
        return new CheckRow("cubic", f("W(t) worst of %d RTTs", n), worstModel, worstMeasured, TOL, note);
    }

    /**
     * Linux tcp_bic.c's binary search in continuous form: per RTT the window grows by
     * (last_max − cwnd)/BICTCP_B (B = 4), at most max_increment = 16, and by B/smooth_part = 0.2
     * once that distance is ≤ 1; the window after a loss is cwnd·819/1024.
     */
    static List<CheckRow> bic() {
        CwndTrace tr = OneLoss.run("bic", 400, 500, 3 * S, 30 * S);
        List<CheckRow> rows = new ArrayList<>();
        double wMax = tr.cwndBeforeLoss(0);
        long t0 = tr.exitTime(0);
        double w0 = tr.cwndAt(t0);
        rows.add(new CheckRow("bic", "x0.8 at the loss", 819.0 / 1024, w0 / wMax, TOL,
                f("W_max %.0f -> %.0f (beta 819/1024)", wMax, w0)));
        double w = w0;
        int[] at = {1, 2, 4, 8, 16};
        int next = 0;
        for (int n = 1; n <= at[at.length - 1]; n++) {
            double dist = (wMax - w) / 4;
            w += dist > 16 ? 16 : dist <= 1 ? 0.2 : dist;
            if (n == at[next]) {
                double measured = tr.cwndAt(t0 + (long) (n * RTT * S)) - w0;
                rows.add(new CheckRow("bic", f("binary search, %d RTTs", n), w - w0, measured, TOL,
                        f("W_max %.0f, start %.0f; growth", wMax, w0)));
                next++;
            }
        }
        return rows;
    }

    /**
     * RFC 3649 §5's b(w) and a(w) at the window of one loss, three windows: the decrease must
     * match the RFC's b(w); the increase per RTT is checked against the Linux table's a(w) (each
     * row applies the a(w) of its upper bound, RFC 3649 Appendix B, to the whole row), with the
     * RFC's continuous a(w) beside it as information.
     */
    static List<CheckRow> highspeed() {
        List<CheckRow> rows = new ArrayList<>();
        for (int every : new int[] {120, 400, 1200}) {
            CwndTrace tr = OneLoss.run("highspeed", every, every * 6 / 5, 2 * S, 30 * S);
            double wMax = tr.cwndBeforeLoss(0);
            long t0 = tr.exitTime(0);
            double w0 = tr.cwndAt(t0);
            rows.add(new CheckRow("highspeed", f("b(w) at w=%.0f", wMax), rfcB(wMax), 1 - w0 / wMax, TOL,
                    "RFC 3649 b(w); table md/256 " + HighSpeed.b((long) wMax)));
            double perRtt = growthPerRtt(tr, t0, OneLoss.RTT, 1, 6);
            int tableA = HighSpeed.a((long) w0);
            rows.add(new CheckRow("highspeed", f("a(w) at w=%.0f, table", w0), tableA, perRtt, TOL,
                    "Linux hstcp_aimd_vals row a(w), segments per RTT"));
            rows.add(new CheckRow("highspeed", f("a(w) at w=%.0f, RFC", w0), rfcA(w0), perRtt, TOL,
                    "RFC 3649 a(w) = w^2 p(w) 2b(w)/(2-b(w)); the table rounds it up (docs)", CheckRow.Rule.INFO));
        }
        return rows;
    }

    /** RFC 3649 §5: b(w) = (High_Decrease − 0.5)(ln w − ln Low_Window)/(ln High_Window − ln Low_Window) + 0.5. */
    static double rfcB(double w) {
        return (0.1 - 0.5) * (Math.log(w) - Math.log(38)) / (Math.log(83000) - Math.log(38)) + 0.5;
    }

    /** RFC 3649 §5: a(w) = w²·p(w)·2b(w)/(2 − b(w)), p(w) = 0.078/w^1.2. */
    static double rfcA(double w) {
        double b = rfcB(w);
        return w * w * (0.078 / Math.pow(w, 1.2)) * 2 * b / (2 - b);
    }

    /** Kelly 2003 / Linux tcp_scalable.c: ×(1 − 1/8) at a loss, +0.01 per acknowledged segment above 100. */
    static List<CheckRow> scalable() {
        CwndTrace tr = OneLoss.run("scalable", 800, 1300, 5 * S, 30 * S);
        double wMax = tr.cwndBeforeLoss(0);
        long t0 = tr.exitTime(0);
        double w0 = tr.cwndAt(t0);
        long t1 = t0 + 5 * S;
        double a = (tr.cwndAt(t1) - w0) / (tr.ackedSegmentsAt(t1) - tr.ackedSegmentsAt(t0));
        return List.of(
                new CheckRow("scalable", "x0.875 at the loss", 0.875, w0 / wMax, TOL,
                        f("W_max %.0f -> %.0f", wMax, w0)),
                new CheckRow("scalable", "+a per ACKed segment", 0.01, a, TOL,
                        f("over 5 s from w=%.0f to %.0f", w0, tr.cwndAt(t1))));
    }

    /**
     * H-TCP (Leith, Shorten 2004; Linux tcp_htcp.c): α(Δ) = 1 for Δ ≤ 1 s, else
     * 1 + 10(Δ−1) + ((Δ−1)/2)² segments per RTT, Δ from the end of recovery; at the first loss
     * β = 0.5 so 2(1−β) = 1. The path's RTT is 95 ms: Linux's integer RTT scaling,
     * scale = 8·HZ/(10·minRTT) with minRTT in jiffies, is exactly 8 (factor ×1) for minRTT from
     * 89 to 100 ms, whereas at 100 ms a timestamp tick more (101 ms) makes it 7 (×8/7).
     */
    static List<CheckRow> htcp() {
        long rtt = 95_000_000L;
        CwndTrace tr = OneLoss.run("htcp", rtt, 400, 700, 4 * S, 30 * S);
        long t0 = tr.exitTime(0);
        List<CheckRow> rows = new ArrayList<>();
        for (double delta : new double[] {0.5, 1.5, 2, 3}) {
            int rounds = delta <= 1 ? 10 : 5; // α = 1: ten rounds keep one segment's rounding under 10%
            int first = (int) Math.round(delta * S / rtt - rounds / 2.0);
            double measured = growthPerRtt(tr, t0, rtt, first, first + rounds);
            double d = Math.max(0, delta - 1);
            double model = 1 + 10 * d + d * d / 4;
            rows.add(new CheckRow("htcp", f("alpha(D) at D=%.1fs", delta), model, measured, TOL,
                    "1+10(D-1)+((D-1)/2)^2 per RTT, mean of " + rounds + " RTTs"));
        }
        return rows;
    }

    /** Window growth in segments per round trip from round {@code from} to round {@code to} after {@code t0}. */
    static double growthPerRtt(CwndTrace tr, long t0, long rttNanos, int from, int to) {
        double a = tr.cwndAt(t0 + from * rttNanos);
        double b = tr.cwndAt(t0 + to * rttNanos);
        return (b - a) / (to - from);
    }
}
