package io.tcplab.tools.scenario;

/** A scenario that cannot run; the message is one line naming the file, the field and what is allowed. */
public final class ScenarioException extends RuntimeException {
    public ScenarioException(String message) {
        super(message);
    }
}
