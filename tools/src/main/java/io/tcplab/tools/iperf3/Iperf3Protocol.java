package io.tcplab.tools.iperf3;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;

/**
 * The wire vocabulary of iperf3's control protocol (as iperf 3.x speaks it, observed against
 * iperf 3.12): a 37-byte cookie opens the control connection and every data stream; the server
 * steers the test with one-byte states; parameters and results travel as JSON behind a 4-byte
 * big-endian length. See {@code docs/iperf3.md} for the message order.
 */
public final class Iperf3Protocol {
    private Iperf3Protocol() {
    }

    public static final int DEFAULT_PORT = 5201;
    /** 36 characters and a NUL. */
    public static final int COOKIE_SIZE = 37;
    /** iperf3's default TCP block (-l): 128 KiB. */
    public static final int DEFAULT_BLOCK_SIZE = 128 * 1024;
    /** iperf3's default test length when neither -t nor -n is given. */
    public static final int DEFAULT_TIME_SECONDS = 10;
    /** Largest JSON message accepted (iperf3 itself caps results far below this). */
    public static final int MAX_JSON = 8 << 20;

    // the one-byte states (signed char on the wire)
    public static final byte TEST_START = 1;
    public static final byte TEST_RUNNING = 2;
    public static final byte TEST_END = 4;
    public static final byte PARAM_EXCHANGE = 9;
    public static final byte CREATE_STREAMS = 10;
    public static final byte SERVER_TERMINATE = 11;
    public static final byte CLIENT_TERMINATE = 12;
    public static final byte EXCHANGE_RESULTS = 13;
    public static final byte DISPLAY_RESULTS = 14;
    public static final byte IPERF_START = 15;
    public static final byte IPERF_DONE = 16;
    public static final byte ACCESS_DENIED = -1;
    public static final byte SERVER_ERROR = -2;

    /**
     * The error number we send after SERVER_ERROR. iperf3's numbering changes between versions
     * (11 was "test initialization failed" in early 3.x; 3.12 prints it as "this OS does not
     * support sendfile"): the client fails either way, with misleading words.
     */
    public static final int IE_INIT_TEST = 11;
    /** errno EOPNOTSUPP on Linux, sent with {@link #IE_INIT_TEST} for options we do not implement. */
    public static final int EOPNOTSUPP = 95;

    private static final char[] COOKIE_CHARS = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    /** A fresh cookie: 36 characters of iperf3's alphabet and the terminating NUL. */
    public static byte[] newCookie(RandomGenerator random) {
        byte[] c = new byte[COOKIE_SIZE];
        for (int i = 0; i < COOKIE_SIZE - 1; i++) {
            c[i] = (byte) COOKIE_CHARS[random.nextInt(COOKIE_CHARS.length)];
        }
        return c;
    }

    /** The cookie as text (without its NUL), as iperf3 prints it in {@code start.cookie}. */
    public static String cookieText(byte[] cookie) {
        int n = 0;
        while (n < cookie.length && cookie[n] != 0) {
            n++;
        }
        return new String(cookie, 0, n, StandardCharsets.US_ASCII);
    }

    /** A JSON message on the wire: length, big-endian, then the bytes. */
    public static byte[] frame(byte[] json) {
        byte[] out = new byte[4 + json.length];
        int n = json.length;
        out[0] = (byte) (n >>> 24);
        out[1] = (byte) (n >>> 16);
        out[2] = (byte) (n >>> 8);
        out[3] = (byte) n;
        System.arraycopy(json, 0, out, 4, n);
        return out;
    }

    /** A name for a state byte, for errors and logs. */
    public static String stateName(byte state) {
        return switch (state) {
            case TEST_START -> "TEST_START";
            case TEST_RUNNING -> "TEST_RUNNING";
            case TEST_END -> "TEST_END";
            case PARAM_EXCHANGE -> "PARAM_EXCHANGE";
            case CREATE_STREAMS -> "CREATE_STREAMS";
            case SERVER_TERMINATE -> "SERVER_TERMINATE";
            case CLIENT_TERMINATE -> "CLIENT_TERMINATE";
            case EXCHANGE_RESULTS -> "EXCHANGE_RESULTS";
            case DISPLAY_RESULTS -> "DISPLAY_RESULTS";
            case IPERF_START -> "IPERF_START";
            case IPERF_DONE -> "IPERF_DONE";
            case ACCESS_DENIED -> "ACCESS_DENIED";
            case SERVER_ERROR -> "SERVER_ERROR";
            default -> "state " + state;
        };
    }
}
