package io.tcplab.tools.packetdrill;

/** The first mismatch of a run; ends it as a {@link Result.Status#FAIL}. */
final class ScriptFailure extends RuntimeException {
    final int line;
    final String expected;
    final String actual;

    ScriptFailure(int line, String message, String expected, String actual) {
        super(message, null, false, false);
        this.line = line;
        this.expected = expected;
        this.actual = actual;
    }
}
