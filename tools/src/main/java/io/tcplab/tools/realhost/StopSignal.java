package io.tcplab.tools.realhost;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Turns SIGINT and SIGTERM into a request to stop: a shutdown hook asks the command to finish
 * (close its connections with FIN, remove its TUN device, print its reports) and waits up to
 * 15 s for it before the JVM goes on exiting. Closing it removes the hook.
 */
public final class StopSignal implements AutoCloseable {
    private static final long RELEASE_WAIT_SECONDS = 15;

    private final CountDownLatch requested = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final Thread hook;

    public StopSignal(String name) {
        hook = new Thread(() -> {
            requested.countDown();
            try {
                released.await(RELEASE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    public boolean requested() {
        return requested.getCount() == 0;
    }

    /** Waits up to {@code nanos} for a stop request; true if one came. */
    public boolean await(long nanos) {
        try {
            return requested.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    @Override
    public void close() {
        released.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook has run or is running and now returns
        }
    }
}
