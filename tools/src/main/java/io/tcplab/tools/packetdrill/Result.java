package io.tcplab.tools.packetdrill;

/**
 * The verdict on one script. A failure names the script line and, for a packet, the expected
 * and the actual packet (null when none was sent); a skip says why the script cannot run here.
 */
public record Result(String script, Status status, String reason, int line, String expected, String actual) {
    public enum Status { PASS, FAIL, SKIP }

    static Result pass(String script) {
        return new Result(script, Status.PASS, null, 0, null, null);
    }

    static Result skip(String script, String reason) {
        return new Result(script, Status.SKIP, reason, 0, null, null);
    }

    static Result fail(String script, int line, String reason, String expected, String actual) {
        return new Result(script, Status.FAIL, reason, line, expected, actual);
    }

    /** One line for a terminal: {@code pass NAME}, {@code fail NAME:LINE: ...}, {@code skip NAME: ...}. */
    public String summary() {
        return switch (status) {
            case PASS -> "pass " + script;
            case SKIP -> "skip " + script + ": " + reason;
            case FAIL -> "fail " + script + (line > 0 ? ":" + line : "") + ": " + reason
                    + (expected == null ? "" : " | expected: " + expected)
                    + (expected == null && actual == null ? "" : " | actual: " + (actual == null ? "none" : actual));
        };
    }
}
