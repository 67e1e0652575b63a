package io.tcplab.stack.cc;

/**
 * Makes one algorithm. Found by {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.tcplab.stack.cc.CongestionControlProvider}.
 */
public interface CongestionControlProvider {
    String name();

    /** A new instance for one connection; reads its keys from {@code parameters}. */
    CongestionControl create(CcParameters parameters);
}
