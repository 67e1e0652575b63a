package io.tcplab.stack.spurious;

/** {@code dsack}: D-SACK detection (RFC 3708). */
public final class DsackProvider extends ParameterlessProvider {
    public DsackProvider() {
        super(DsackDetection.NAME, "RFC 3708", context -> new DsackDetection());
    }
}
