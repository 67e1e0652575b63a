package io.tcplab.tools.realhost;

import io.tcplab.tools.link.bridge.NetemPlan;
import io.tcplab.tools.link.bridge.NetemRunner;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tcplab link --netem}: a planned netem qdisc on a real device, its changes at their
 * times, until the duration is up or SIGINT/SIGTERM; the qdisc is deleted whatever happens once
 * it was added.
 */
public final class NetemRun {
    private NetemRun() {
    }

    /**
     * Adds the first step's qdisc, runs the later ones at their times and waits
     * ({@code durationNanos} null: for a signal), then runs {@code delete}. A tc failure is one
     * line on {@code err} after {@code name} and exit code 1.
     */
    public static int run(List<NetemPlan.Step> steps, List<String> delete, String dev, Long durationNanos,
                          PrintWriter out, PrintWriter err, String name) throws InterruptedException {
        long start = System.nanoTime();
        long end = durationNanos == null ? Long.MAX_VALUE : start + durationNanos;
        CountDownLatch interrupted = new CountDownLatch(1);
        Thread hook = new Thread(interrupted::countDown, "tcplab-netem-stop");
        boolean added = false;
        try {
            NetemRunner.exec(steps.get(0).argv(), true);
            added = true;
            out.printf(Locale.ROOT, "netem on %s: %s%n", dev, String.join(" ", steps.get(0).argv()));
            out.flush();
            Runtime.getRuntime().addShutdownHook(hook);
            NetemRunner.run(steps.subList(1, steps.size()), start,
                    () -> interrupted.getCount() == 0 || (end != Long.MAX_VALUE && System.nanoTime() - end >= 0));
            if (end == Long.MAX_VALUE) {
                interrupted.await();
            } else {
                interrupted.await(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return 0;
        } catch (NetemRunner.NetemException e) {
            err.println(name + ": " + e.getMessage());
            err.flush();
            return 1;
        } finally {
            if (added) {
                try {
                    NetemRunner.exec(delete, false);
                } catch (NetemRunner.NetemException e) {
                    err.println(name + ": " + e.getMessage());
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException | IllegalArgumentException e) {
                // shutting down, or never added
            }
        }
    }
}
