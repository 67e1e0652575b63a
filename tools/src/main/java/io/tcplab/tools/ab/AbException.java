package io.tcplab.tools.ab;

/** An A/B run that could not be set up or did not complete; the message is one line. */
public final class AbException extends RuntimeException {
    public AbException(String message) {
        super(message);
    }

    public AbException(String message, Throwable cause) {
        super(message, cause);
    }
}
