package io.tcplab.tools.cli;

/** Error text from the layers below, fitted to the CLI's one-line form. */
final class Messages {
    private Messages() {
    }

    /** The message without the {@code "tcplab: "} that lower layers put first (the CLI names the command). */
    static String strip(Throwable e) {
        String m = e.getMessage() != null ? e.getMessage() : e.toString();
        return m.startsWith("tcplab: ") ? m.substring("tcplab: ".length()) : m;
    }
}
