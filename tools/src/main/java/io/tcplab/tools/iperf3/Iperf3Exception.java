package io.tcplab.tools.iperf3;

/** An iperf3 test that could not run or finish; the message is one line for the user. */
public final class Iperf3Exception extends RuntimeException {
    public Iperf3Exception(String message) {
        super(message);
    }

    public Iperf3Exception(String message, Throwable cause) {
        super(message, cause);
    }
}
