package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.CcParameters;

/**
 * Makes one kind of spurious-loss detector. Found by {@link java.util.ServiceLoader}: list the
 * class in {@code META-INF/services/io.tcplab.stack.spurious.SpuriousLossDetectorProvider}.
 * {@code configure} reads (and so checks) every parameter once, when the options are built; the
 * factory it returns makes one detector per connection.
 */
public interface SpuriousLossDetectorProvider {
    /** The name a spec gives ({@code eifel}, {@code frto}); lower case. */
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
        SpuriousLossDetector create(SpuriousContext context);
    }
}
