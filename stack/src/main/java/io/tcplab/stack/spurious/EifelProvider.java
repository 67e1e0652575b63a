package io.tcplab.stack.spurious;

/** {@code eifel}: Eifel detection (RFC 3522), with timestamps on. */
public final class EifelProvider extends ParameterlessProvider {
    public EifelProvider() {
        super(Eifel.NAME, "RFC 3522", context -> new Eifel());
    }
}
