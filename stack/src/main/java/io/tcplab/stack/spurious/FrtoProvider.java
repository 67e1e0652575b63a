package io.tcplab.stack.spurious;

/** {@code frto}: F-RTO (RFC 5682). */
public final class FrtoProvider extends ParameterlessProvider {
    public FrtoProvider() {
        super(Frto.NAME, "RFC 5682", Frto::new);
    }
}
