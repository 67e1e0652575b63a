package io.tcplab.stack.conn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * TCP Fast Open (RFC 7413) for one connection or listener; {@link #OFF} by default, when every
 * handshake is RFC 9293's.
 *
 * <ul>
 * <li>{@link #client}: an active open asks for a cookie in its SYN (§4.1.1) when the stack holds
 * none for the server, and with one (or {@link #clientWithoutCookie}) sends the application's first
 * bytes in its SYN (§4.2.1) — Linux's {@code MSG_FASTOPEN} and {@code TCP_FASTOPEN_CONNECT}.</li>
 * <li>{@link #clientWithoutCookie}: data goes in the SYN without any cookie (Linux's
 * {@code tcp_fastopen} bit 0x4, a closed environment only: RFC 7413 §4.1.3 leaves it to them).</li>
 * <li>{@link #serverQueue}: a listener answers cookie requests and takes data on a SYN with a valid
 * cookie, with at most this many such connections still in SYN-RECEIVED (§5.1's limit on
 * pending Fast Open requests, Linux's {@code TCP_FASTOPEN} queue length); 0 is off.</li>
 * <li>{@link #serverWithoutCookie}: the listener takes data on a SYN without a cookie (Linux's
 * bit 0x200).</li>
 * <li>{@link #key}: the listener's own 16-byte cookie key (Linux's {@code TCP_FASTOPEN_KEY});
 * without one the stack's ({@code StackConfig}).</li>
 * </ul>
 *
 * <p>As text ({@link #format}, {@link #parse}): {@code off}, or a comma-separated list of
 * {@code client}, {@code client-nocookie}, {@code server=N}, {@code server-nocookie} and
 * {@code key=} 32 hex digits.
 */
public final class FastOpen {
    public static final FastOpen OFF = new FastOpen(false, false, 0, false, null);
    /** A listener's queue limit (Linux bounds TCP_FASTOPEN's by somaxconn, 4096 by default). */
    public static final int MAX_QUEUE = 65535;
    public static final int KEY_BYTES = 16;
    private static final String ALLOWED = "off, or a comma-separated list of client, client-nocookie, server=N"
            + " (1 to " + MAX_QUEUE + "), server-nocookie and key=<32 hex digits>";

    public final boolean client;
    public final boolean clientWithoutCookie;
    public final int serverQueue;
    public final boolean serverWithoutCookie;
    private final byte[] key;

    private FastOpen(boolean client, boolean clientWithoutCookie, int serverQueue, boolean serverWithoutCookie,
                     byte[] key) {
        if (serverQueue < 0 || serverQueue > MAX_QUEUE) {
            throw new IllegalArgumentException("fastOpen server queue must be 0 to " + MAX_QUEUE + ", got "
                    + serverQueue);
        }
        if (key != null && key.length != KEY_BYTES) {
            throw new IllegalArgumentException("fastOpen key must be " + KEY_BYTES + " bytes, got " + key.length);
        }
        this.client = client;
        this.clientWithoutCookie = clientWithoutCookie;
        this.serverQueue = serverQueue;
        this.serverWithoutCookie = serverWithoutCookie;
        this.key = key == null ? null : key.clone();
    }

    public FastOpen withClient(boolean on) {
        return new FastOpen(on, clientWithoutCookie, serverQueue, serverWithoutCookie, key);
    }

    public FastOpen withClientWithoutCookie(boolean on) {
        return new FastOpen(client, on, serverQueue, serverWithoutCookie, key);
    }

    /** {@code queue} pending Fast Open connections at most; 0 turns the server side off. */
    public FastOpen withServerQueue(int queue) {
        return new FastOpen(client, clientWithoutCookie, queue, serverWithoutCookie, key);
    }

    public FastOpen withServerWithoutCookie(boolean on) {
        return new FastOpen(client, clientWithoutCookie, serverQueue, on, key);
    }

    /** The listener's own key ({@link #KEY_BYTES} bytes), or null for the stack's. */
    public FastOpen withKey(byte[] key) {
        return new FastOpen(client, clientWithoutCookie, serverQueue, serverWithoutCookie, key);
    }

    /** A listener takes Fast Open. */
    public boolean server() {
        return serverQueue > 0;
    }

    /** The listener's own key, or null when it uses the stack's. */
    public byte[] key() {
        return key == null ? null : key.clone();
    }

    public String format() {
        List<String> parts = new ArrayList<>();
        if (client) {
            parts.add("client");
        }
        if (clientWithoutCookie) {
            parts.add("client-nocookie");
        }
        if (serverQueue > 0) {
            parts.add("server=" + serverQueue);
        }
        if (serverWithoutCookie) {
            parts.add("server-nocookie");
        }
        if (key != null) {
            parts.add("key=" + HexFormat.of().formatHex(key));
        }
        return parts.isEmpty() ? "off" : String.join(",", parts);
    }

    /** {@link #format}'s text back; a bad entry is refused with the allowed values. */
    public static FastOpen parse(String text) {
        FastOpen f = OFF;
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("off")) {
            return f;
        }
        for (String raw : t.split(",", -1)) {
            String part = raw.strip();
            if (part.equals("client")) {
                f = f.withClient(true);
            } else if (part.equals("client-nocookie")) {
                f = f.withClientWithoutCookie(true);
            } else if (part.equals("server-nocookie")) {
                f = f.withServerWithoutCookie(true);
            } else if (part.startsWith("server=")) {
                int queue = number(part.substring(7));
                if (queue < 1 || queue > MAX_QUEUE) {
                    throw bad(part);
                }
                f = f.withServerQueue(queue);
            } else if (part.startsWith("key=") && part.length() == 4 + 2 * KEY_BYTES) {
                try {
                    f = f.withKey(HexFormat.of().parseHex(part.substring(4)));
                } catch (IllegalArgumentException e) {
                    throw bad(part);
                }
            } else {
                throw bad(part);
            }
        }
        return f;
    }

    private static int number(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static IllegalArgumentException bad(String part) {
        return new IllegalArgumentException("fastOpen '" + part + "' is not one of: " + ALLOWED);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FastOpen f && f.client == client && f.clientWithoutCookie == clientWithoutCookie
                && f.serverQueue == serverQueue && f.serverWithoutCookie == serverWithoutCookie
                && Arrays.equals(f.key, key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key) * 31 + java.util.Objects.hash(client, clientWithoutCookie, serverQueue,
                serverWithoutCookie);
    }

    @Override
    public String toString() {
        return format();
    }
}
