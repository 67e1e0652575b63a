package io.tcplab.tools.scenario;

/** A scenario that cannot run; the message is one line naming the file, the field and what is allowed. */
public final class ScenarioException extends RuntimeException {
    public ScenarioException(String message) {
        super(oneLine(message));
    }

    /** YAML keys and values may hold line breaks (a flow key can span lines); shown escaped, the message stays one line. */
    private static String oneLine(String message) {
        return message.replace("\r", "\\r").replace("\n", "\\n");
    }
}
