package io.tcplab.tun;

import java.util.List;

/** What a finished command printed and returned. */
public record CommandResult(List<String> argv, int exitCode, String stdout, String stderr) {
    public boolean ok() {
        return exitCode == 0;
    }

    /** The first non-empty line of stderr (else stdout), for a one-line message. */
    public String firstErrorLine() {
        for (String text : new String[] {stderr, stdout}) {
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    return line.strip();
                }
            }
        }
        return "exit code " + exitCode;
    }
}
