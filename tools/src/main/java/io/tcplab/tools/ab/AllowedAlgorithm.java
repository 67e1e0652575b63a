package io.tcplab.tools.ab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Linux lets a network namespace make an algorithm its default only if the host lists it in
 * {@code tcp_allowed_congestion_control} (EPERM otherwise, even for root). A run that needs one the
 * kernel has but does not allow adds it, and puts the host's list back when the run ends.
 */
public final class AllowedAlgorithm implements AutoCloseable {
    private static final Path ALLOWED = Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control");

    private final String before;

    private AllowedAlgorithm(String before) {
        this.before = before;
    }

    /** Allows {@code algorithm}; returns what restores the list, or null when nothing changed. */
    public static AllowedAlgorithm allow(String algorithm) {
        try {
            String allowed = Files.readString(ALLOWED).trim();
            if ((" " + allowed + " ").contains(" " + algorithm + " ")) {
                return null;
            }
            Files.writeString(ALLOWED, allowed + " " + algorithm);
            return new AllowedAlgorithm(allowed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot allow congestion control '" + algorithm + "' in " + ALLOWED, e);
        }
    }

    @Override
    public void close() {
        try {
            Files.writeString(ALLOWED, before);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restore " + ALLOWED, e);
        }
    }
}
