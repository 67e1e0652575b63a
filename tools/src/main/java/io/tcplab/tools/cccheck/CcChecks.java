package io.tcplab.tools.cccheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The model checks of {@code tcplab cc check}: each algorithm in the emulator against its own
 * published model: response functions (REFERENCE.md §2), the window's shape after one loss,
 * the delay-based equilibrium queue, DCTCP's α and queue (SIGCOMM 2010 §3.3), BBR's utilization
 * and queueing delay, BBRv3's utilization, queue and loss bounds (draft-ietf-ccwg-bbr). Deterministic runs:
 * 10% tolerance unless the row says otherwise.
 */
public final class CcChecks {
    static final double DETERMINISTIC = 0.10;
    private static final long MS = 1_000_000L;

    private record Case(String algorithm, Supplier<List<CheckRow>> run) {
        static Case one(String algorithm, Supplier<CheckRow> row) {
            return new Case(algorithm, () -> List.of(row.get()));
        }
    }

    private CcChecks() {
    }

    /** Reno/Mathis: √(3/(2p)) with one segment per RTT and halving, AVG_AIMD(1, 0.5). */
    static double reno(double p, double rtt) {
        return Math.sqrt(3 / (2 * p));
    }

    /** The Linux table's own response function (fluid model, {@link HighSpeedTableModel}). */
    static double highspeedTable(double p, double rtt) {
        return HighSpeedTableModel.meanWindow(p);
    }

    /** RFC 3649 §5: w = 0.12/p^0.835 (valid above Low_Window = 38). */
    static double highspeed(double p, double rtt) {
        return 0.12 / Math.pow(p, 0.835);
    }

    /** MIMD(a = 0.01, b = 0.125): mean W = (a/p)/ln(1/(1−b)) (REFERENCE.md §2, derived there). */
    static double scalable(double p, double rtt) {
        return 0.01 / p / Math.log(1 / (1 - 0.125));
    }

    /** RFC 9438 §5.1: max(1.054·(RTT/p)^0.75, the Reno-friendly √(3/(2p))). */
    static double cubic(double p, double rtt) {
        return Math.max(1.054 * Math.pow(rtt / p, 0.75), Math.sqrt(3 / (2 * p)));
    }

    private static List<Case> cases() {
        List<Case> all = new ArrayList<>();
        for (double p : new double[] {1e-2, 1e-3, 1e-4}) {
            all.add(Case.one("reno", () -> ResponseFunctionCheck.run("reno", "reno", p, 10 * MS, CcChecks::reno,
                    "sqrt(3/(2p))", DETERMINISTIC)));
        }
        for (double p : new double[] {1e-3, 1e-4}) {
            all.add(Case.one("cubic", () -> ResponseFunctionCheck.run("cubic", "cubic:hystart=off", p, 10 * MS,
                    CcChecks::cubic, "max(1.054(RTT/p)^0.75, sqrt(3/(2p)))", DETERMINISTIC)));
            all.add(Case.one("cubic", () -> ResponseFunctionCheck.run("cubic", "cubic:hystart=off", p, 100 * MS,
                    CcChecks::cubic, "max(1.054(RTT/p)^0.75, sqrt(3/(2p)))", DETERMINISTIC)));
        }
        for (double p : new double[] {1e-4, 3e-4}) {
            all.add(new Case("highspeed", () -> ResponseFunctionCheck.runBoth("highspeed", "highspeed", p, 10 * MS,
                    CcChecks::highspeedTable, "Linux table, fluid", CcChecks::highspeed, "RFC 3649 0.12/p^0.835",
                    DETERMINISTIC)));
        }
        for (double p : new double[] {1e-4, 2e-4}) {
            all.add(Case.one("scalable", () -> ResponseFunctionCheck.run("scalable", "scalable", p, 10 * MS,
                    CcChecks::scalable, "0.01/p/ln(8/7)", DETERMINISTIC)));
        }
        all.add(new Case("cubic", ShapeChecks::cubic));
        all.add(new Case("bic", ShapeChecks::bic));
        all.add(new Case("highspeed", ShapeChecks::highspeed));
        all.add(new Case("scalable", ShapeChecks::scalable));
        all.add(new Case("htcp", ShapeChecks::htcp));
        for (int flows : new int[] {1, 2, 4}) {
            all.add(Case.one("fast", () -> DelayEquilibriumCheck.fast(flows, 20)));
            all.add(Case.one("vegas", () -> DelayEquilibriumCheck.vegas(flows)));
        }
        for (int flows : new int[] {1, 2}) {
            all.add(new Case("dctcp", () -> DctcpCheck.rows(flows)));
        }
        all.add(new Case("bbr", BbrPathCheck::run));
        all.add(new Case("bbr3", Bbr3PathCheck::run));
        all.add(new Case("prague", PragueDualPi2Check::run));
        all.add(new Case("prague", PragueCheck::run));
        return all;
    }

    /** Every algorithm that has checks. */
    public static Set<String> algorithms() {
        Set<String> names = new java.util.TreeSet<>();
        for (Case c : cases()) {
            names.add(c.algorithm());
        }
        return names;
    }

    /** Runs the checks of the named algorithms (all when empty), in order. */
    public static List<CheckRow> run(Set<String> only) {
        List<CheckRow> rows = new ArrayList<>();
        for (Case c : cases()) {
            if (only.isEmpty() || only.contains(c.algorithm())) {
                rows.addAll(c.run().get());
            }
        }
        return rows;
    }
}
