package io.tcplab.tools.packetdrill;

/** A script asks for something this runner or the stack cannot do: the script is skipped. */
final class UnsupportedInScript extends RuntimeException {
    UnsupportedInScript(String reason) {
        super(reason);
    }
}
