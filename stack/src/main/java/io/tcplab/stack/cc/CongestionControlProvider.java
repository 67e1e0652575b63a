package io.tcplab.stack.cc;

/**
 * Makes one algorithm. Found by {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.tcplab.stack.cc.CongestionControlProvider}. An instance may also
 * be handed to {@link CongestionControls#factory(CongestionControlProvider, String)} directly,
 * without the class path.
 */
public interface CongestionControlProvider {
    String name();

    /** A new instance for one connection; reads its keys from {@code parameters}. */
    CongestionControl create(CcParameters parameters);

    /** Where the algorithm is defined (RFC section, paper, Linux module), for {@code tcplab cc list}. */
    default String source() {
        return "";
    }
}
