package io.tcplab.tun;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * A network namespace to work in: a test host tcplab made ({@link NamespaceHosts.Host}), a named one
 * someone else made, or this process's own. What senders, samplers and device counters need from
 * it; {@link #of} wraps one that tcplab does not own (nothing here removes it).
 */
public interface Namespace {
    /** The name {@code ip netns} shows, or null for this process's own namespace. */
    String name();

    /** Runs a command inside, waiting up to {@code timeout}; never throws on a non-zero exit. */
    CommandResult exec(Duration timeout, String... command);

    /** Runs a command inside; throws with its first error line unless it exits 0; returns stdout. */
    String run(String... command);

    /** Runs {@code ip args...} inside; throws with ip's message on failure; returns its output. */
    String ip(String... args);

    /** Runs {@code body} on a thread inside (sockets it opens stay in the namespace). */
    <T> T inside(Callable<T> body);

    /** A TUN device builder that creates the device inside. */
    TunDevice.Builder tun();

    /** {@code name} (from {@code ip netns list}), or this process's own namespace when null. */
    static Namespace of(String name) {
        return new ExistingNamespace(name);
    }
}
