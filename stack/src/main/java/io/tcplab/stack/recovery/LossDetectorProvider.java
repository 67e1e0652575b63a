package io.tcplab.stack.recovery;

import io.tcplab.stack.cc.CcParameters;

/**
 * Makes one kind of loss detector. Found by {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.tcplab.stack.recovery.LossDetectorProvider}. An instance may also be
 * handed to {@link LossDetectors#factory(LossDetectorProvider, String)} directly, without the
 * class path. {@code configure} reads (and so checks) every parameter once, when the options are
 * built; the factory it returns makes one detector per connection.
 */
public interface LossDetectorProvider {
    /** The name a spec gives ({@code rack}, {@code teb:k=3}); lower case. */
    String name();

    /** Reads the spec's parameters (an unknown key is refused afterwards) and returns the factory. */
    Factory configure(CcParameters parameters);

    /** Where the detector is defined (RFC section, paper), for listings. */
    default String source() {
        return "";
    }

    /** One detector per connection. */
    @FunctionalInterface
    interface Factory {
        LossDetector create(DetectorContext context);
    }
}
