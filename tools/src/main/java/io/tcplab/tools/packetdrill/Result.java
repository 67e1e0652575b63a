package io.tcplab.tools.packetdrill;

import java.util.List;

/**
 * The verdict on one script. A failure names the script line and, for a packet, the expected
 * and the actual packet (null when none was sent); a skip says why the script cannot run here.
 * {@code unchecked}: the {@code %{ }%} assertions over TCP_INFO fields tcplab does not know
 * ({@code "line N: tcpi_x"}), which were not checked.
 */
public record Result(String script, Status status, String reason, int line, String expected, String actual,
                     List<String> unchecked) {
    public enum Status { PASS, FAIL, SKIP }

    public Result {
        unchecked = List.copyOf(unchecked);
    }

    static Result pass(String script, List<String> unchecked) {
        return new Result(script, Status.PASS, null, 0, null, null, unchecked);
    }

    static Result skip(String script, String reason) {
        return new Result(script, Status.SKIP, reason, 0, null, null, List.of());
    }

    static Result fail(String script, int line, String reason, String expected, String actual) {
        return new Result(script, Status.FAIL, reason, line, expected, actual, List.of());
    }

    /** One line for a terminal: {@code pass NAME}, {@code fail NAME:LINE: ...}, {@code skip NAME: ...}. */
    public String summary() {
        return switch (status) {
            case PASS -> "pass " + script + (unchecked.isEmpty() ? "" : " (not checked, unknown to tcplab: "
                    + String.join(", ", unchecked) + ")");
            case SKIP -> "skip " + script + ": " + reason;
            case FAIL -> "fail " + script + (line > 0 ? ":" + line : "") + ": " + reason
                    + (expected == null ? "" : " | expected: " + expected)
                    + (expected == null && actual == null ? "" : " | actual: " + (actual == null ? "none" : actual));
        };
    }
}
