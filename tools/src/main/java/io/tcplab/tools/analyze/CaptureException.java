package io.tcplab.tools.analyze;

/** A capture that cannot be analyzed (missing, not a capture, unsupported link type): its message is one line. */
public final class CaptureException extends RuntimeException {
    public CaptureException(String message) {
        super(message);
    }

    public CaptureException(String message, Throwable cause) {
        super(message, cause);
    }
}
