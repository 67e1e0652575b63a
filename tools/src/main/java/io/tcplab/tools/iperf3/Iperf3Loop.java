package io.tcplab.tools.iperf3;

import io.tcplab.stack.TcpStack;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.TunException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Where the iperf3 state machines run: the thread that owns a stack, its clock, and one-shot
 * timers that fire on that thread. The stack has no timers for applications, so
 * {@link #of(RealTimeDriver)} keeps them on one shared daemon thread that only hands each due
 * task to the driver ({@link RealTimeDriver#execute}); the work itself always runs on the driver.
 */
interface Iperf3Loop {
    TcpStack stack();

    long now();

    void execute(Runnable task);

    /** Runs {@code task} on the loop after {@code delayNanos}; the returned handle cancels it. */
    Timer schedule(long delayNanos, Runnable task);

    interface Timer {
        void cancel();
    }

    static Iperf3Loop of(RealTimeDriver driver) {
        return new DriverLoop(driver);
    }

    /** A {@link RealTimeDriver} with timers from a shared scheduling thread. */
    final class DriverLoop implements Iperf3Loop {
        private static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tcplab-iperf3-timers");
            t.setDaemon(true);
            return t;
        });

        private final RealTimeDriver driver;

        DriverLoop(RealTimeDriver driver) {
            this.driver = driver;
        }

        @Override
        public TcpStack stack() {
            return driver.stack();
        }

        @Override
        public long now() {
            return driver.now();
        }

        @Override
        public void execute(Runnable task) {
            driver.execute(task);
        }

        @Override
        public Timer schedule(long delayNanos, Runnable task) {
            final class Handle implements Timer, Runnable {
                volatile boolean cancelled;

                @Override
                public void cancel() {
                    cancelled = true;
                }

                @Override
                public void run() {
                    if (!cancelled) {
                        task.run();
                    }
                }
            }
            Handle h = new Handle();
            TIMERS.schedule(() -> {
                if (h.cancelled) {
                    return;
                }
                try {
                    driver.execute(h);
                } catch (TunException stopped) {
                    // the driver has stopped: nothing left to time
                }
            }, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
            return h;
        }
    }
}
