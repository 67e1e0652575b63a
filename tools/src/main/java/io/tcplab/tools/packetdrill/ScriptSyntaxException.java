package io.tcplab.tools.packetdrill;

/** A script line this interpreter cannot read; reported as a failure of that script. */
final class ScriptSyntaxException extends Exception {
    private final int line;

    ScriptSyntaxException(int line, String message) {
        super("line " + line + ": " + message);
        this.line = line;
    }

    int line() {
        return line;
    }
}
