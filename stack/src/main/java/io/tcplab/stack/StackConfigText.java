package io.tcplab.stack;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.OptionsText;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A {@link StackConfig} as text and back, for a recording: its addresses, limits and switches,
 * its Fast Open key ({@code drawn} when none was given), and its default connection options
 * ({@link OptionsText}), one {@code key=value} per line. The
 * random source and the ISN source are not text: a recording keeps what they produced instead,
 * and the text says only whether the ISNs came from the stack's own generator (RFC 6528, which
 * draws its secret from the random source) or from a source the owner gave; read back, the
 * latter is a source that draws nothing and answers 0 (a replay takes the recorded ISNs).
 */
public final class StackConfigText {
    private StackConfigText() {
    }

    public static String format(StackConfig config) {
        List<String> addresses = new ArrayList<>();
        for (byte[] a : config.addresses) {
            addresses.add(address(a));
        }
        return "addresses=" + String.join(",", addresses) + "\n"
                + "backlog=" + config.backlog + "\n"
                + "synQueue=" + config.synQueue + "\n"
                + "synCookies=" + config.synCookies + "\n"
                + "challengeAcksPerSecond=" + config.challengeAcksPerSecond + "\n"
                + "verifyChecksums=" + config.verifyChecksums + "\n"
                + "virtualPayload=" + config.virtualPayload + "\n"
                + "partialChecksums=" + config.partialChecksums + "\n"
                + "isn=" + (config.isnSource instanceof IsnGenerator ? "generator" : "given") + "\n"
                + "fastOpenKey=" + (config.fastOpenKey == null ? "drawn" : HexFormat.of().formatHex(config.fastOpenKey)) + "\n"
                + "defaultOptions=" + OptionsText.format(config.defaultOptions) + "\n";
    }

    /** The config {@link #format} wrote, drawing from {@code random}; a missing or bad line is refused by name. */
    public static StackConfig parse(String text, RandomSource random) {
        return parse(text, random, UnaryOperator.identity());
    }

    /** The same with its default options changed by {@code options} (a what-if replay's). */
    public static StackConfig parse(String text, RandomSource random, UnaryOperator<ConnectionOptions> options) {
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("stack config line '" + line + "' is not key=value");
            }
            lines.put(line.substring(0, eq), line.substring(eq + 1));
        }
        StackConfig.Builder b = StackConfig.builder(random);
        for (String a : value(lines, "addresses").split(",")) {
            b.address(parseAddress(a));
        }
        b.backlog(Integer.parseInt(value(lines, "backlog")))
                .synQueue(Integer.parseInt(value(lines, "synQueue")))
                .synCookies(bool(lines, "synCookies"))
                .challengeAcksPerSecond(Integer.parseInt(value(lines, "challengeAcksPerSecond")))
                .verifyChecksums(bool(lines, "verifyChecksums"))
                .virtualPayload(bool(lines, "virtualPayload"))
                // recordings made before transmit checksum offload have no such line: complete checksums
                .partialChecksums(lines.containsKey("partialChecksums") && bool(lines, "partialChecksums"))
                .defaultOptions(options.apply(OptionsText.parse(value(lines, "defaultOptions"))));
        String key = value(lines, "fastOpenKey");
        if (!key.equals("drawn")) {
            try {
                b.fastOpenKey(HexFormat.of().parseHex(key));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("stack config fastOpenKey must be drawn or 32 hex digits, got '"
                        + key + "'");
            }
        }
        switch (value(lines, "isn")) {
            case "generator" -> { }
            case "given" -> b.isnSource((now, localAddress, localPort, remoteAddress, remotePort) -> 0);
            default -> throw new IllegalArgumentException("stack config isn must be generator or given");
        }
        return b.build();
    }

    private static boolean bool(Map<String, String> lines, String key) {
        String v = value(lines, key);
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("stack config " + key + " must be true or false, got '" + v + "'");
        }
        return v.equals("true");
    }

    private static String value(Map<String, String> lines, String key) {
        String v = lines.get(key);
        if (v == null) {
            throw new IllegalArgumentException("stack config has no " + key);
        }
        return v;
    }

    /** IPv4 dotted; IPv6 as eight groups of hex, uncompressed (the stack reads no names and needs no resolver). */
    private static String address(byte[] a) {
        StringBuilder b = new StringBuilder();
        if (a.length == 4) {
            for (int i = 0; i < 4; i++) {
                b.append(i == 0 ? "" : ".").append(a[i] & 0xFF);
            }
        } else {
            for (int i = 0; i < 16; i += 2) {
                b.append(i == 0 ? "" : ":").append(Integer.toHexString((a[i] & 0xFF) << 8 | a[i + 1] & 0xFF));
            }
        }
        return b.toString();
    }

    private static byte[] parseAddress(String text) {
        String[] parts = text.split(text.contains(":") ? ":" : "\\.", -1);
        try {
            if (parts.length == 4) {
                byte[] a = new byte[4];
                for (int i = 0; i < 4; i++) {
                    a[i] = (byte) checked(Integer.parseInt(parts[i]), 255);
                }
                return a;
            }
            if (parts.length == 8) {
                byte[] a = new byte[16];
                for (int i = 0; i < 8; i++) {
                    int group = checked(Integer.parseInt(parts[i], 16), 0xFFFF);
                    a[2 * i] = (byte) (group >> 8);
                    a[2 * i + 1] = (byte) group;
                }
                return a;
            }
        } catch (NumberFormatException e) {
            // falls through to the refusal
        }
        throw new IllegalArgumentException("stack config address '" + text
                + "' is not IPv4 dotted or eight IPv6 groups");
    }

    private static int checked(int value, int max) {
        if (value < 0 || value > max) {
            throw new NumberFormatException();
        }
        return value;
    }
}
