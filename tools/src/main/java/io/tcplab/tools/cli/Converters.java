package io.tcplab.tools.cli;

import io.tcplab.stack.recovery.LossDetectors;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.spurious.SpuriousLossDetectors;
import io.tcplab.tools.link.ByteSizes;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.PathDefaults;
import io.tcplab.tools.link.Units;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.TunException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Turns option text into checked values. Each converter reads through {@link Units} (or
 * {@link ByteSizes}), checks the range, and on failure says what the option accepts; the
 * {@link OptionErrorHandler} puts the command and option name in front.
 */
final class Converters {
    static final long MIN_BUFFER = 4 * 1024;
    /** The sentence a SIZE option's description ends with. */
    static final String SIZE_HELP = "SIZE is bytes, or a number with " + ByteSizes.RULE + ".";

    private Converters() {
    }

    static final class Bytes implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a size of at least 1 byte like 1000, 64KiB, 64M or 1.5GiB (" + ByteSizes.RULE + ")",
                    () -> ByteSizes.parse(value), n -> n >= 1);
        }
    }

    static final class Buffer implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a size from 4KiB to 1GiB like 4MiB",
                    () -> ByteSizes.parse(value), n -> n >= MIN_BUFFER && n <= PathDefaults.MAX_BUFFER);
        }
    }

    static final class Queue implements ITypeConverter<Limit> {
        @Override
        public Limit convert(String value) {
            return check(value, "a queue limit like 256KiB or 100p (B, KB, MB, KiB, MiB, p for packets), at least 1, or none",
                    () -> Units.parseLimit(value), limit -> limit.value() >= 1);
        }
    }

    static final class Threshold implements ITypeConverter<Limit> {
        @Override
        public Limit convert(String value) {
            return check(value, "a queue size like 30p or 45KiB (B, KB, MB, KiB, MiB, p for packets), at least 1",
                    () -> Units.parseLimit(value), limit -> limit.value() >= 1 && !limit.equals(Limit.NONE));
        }
    }

    static final class Rate implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a rate above 0 like 100Mbit (bit, kbit, Mbit, Gbit)",
                    () -> Units.parseRateBitsPerSec(value), r -> r > 0);
        }
    }

    static final class Duration implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a duration like 20ms (ns, us, ms, s), or 0",
                    () -> Units.parseDurationNanos(value), d -> d >= 0);
        }
    }

    /** Virtual seconds: a duration, or a plain number meaning seconds. */
    static final class TimeLimit implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a duration above 0 like 120s or 500ms, or plain seconds like 120",
                    () -> Units.parseDurationNanos(plainSeconds(value)), d -> d > 0);
        }
    }

    /** A time since a capture's first packet ({@code analyze --from/--to}): a duration, or plain seconds; 0 or more. */
    static final class CaptureTime implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a time of 0 or more like 1.5 (seconds) or 1500ms",
                    () -> Units.parseDurationNanos(plainSeconds(value)), d -> d >= 0);
        }
    }

    /** A bin width above 0 ({@code analyze --interval}). */
    static final class Interval implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a duration above 0 like 100ms (ns, us, ms, s)", () -> Units.parseDurationNanos(value),
                    d -> d > 0);
        }
    }

    /** A plain number gets the unit s; anything else is left to the duration parser. */
    private static String plainSeconds(String value) {
        String text = value.trim();
        return !text.isEmpty() && text.chars().allMatch(c -> Character.isDigit(c) || c == '.') ? text + "s" : text;
    }

    static final class Probability implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return check(value, "a probability like 0.01 or 1%", () -> Units.parseProbability(value), p -> true);
        }
    }

    static final class LossEvery implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return check(value, "0 (off) or a whole number of packets of at least 2",
                    () -> Integer.parseInt(value.trim()), n -> n == 0 || n >= 2);
        }
    }

    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a whole number (64-bit)", () -> Long.parseLong(value.trim()), n -> true);
        }
    }

    static final class Isn implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a whole number from 0 to 4294967295",
                    () -> Long.parseLong(value.trim()), n -> n >= 0 && n <= 0xFFFF_FFFFL);
        }
    }

    /** A queue discipline, {@code NAME[:key=value,...]} ({@link AqmSpec}). */
    static final class Aqm implements ITypeConverter<AqmSpec> {
        @Override
        public AqmSpec convert(String value) {
            try {
                return AqmSpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw bad("NAME[:key=value,...] with NAME one of " + String.join(", ", AqmSpec.NAMES), value,
                        e.getMessage());
            }
        }
    }

    /** One or more comma-separated {@code key=value@time} changes, as {@link LinkSchedule#parse} reads them. */
    static final class Schedule implements ITypeConverter<LinkSchedule> {
        @Override
        public LinkSchedule convert(String value) {
            try {
                return LinkSchedule.parse(value);
            } catch (IllegalArgumentException e) {
                throw bad("link changes like delay=1s@10s or delay=1s@10s,delay=10ms@11s", value, e.getMessage());
            }
        }
    }

    static final class Cc implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                CongestionControls.validate(value);
                return value;
            } catch (IllegalArgumentException e) {
                throw bad("a congestion control like reno or cubic:beta=0.7", value, e.getMessage());
            }
        }
    }

    /** A profile name: one of {@link io.tcplab.stack.profile.Profiles#names()}. */
    static final class ProfileName implements ITypeConverter<io.tcplab.stack.profile.Profile> {
        @Override
        public io.tcplab.stack.profile.Profile convert(String value) {
            try {
                return io.tcplab.stack.profile.Profiles.get(value);
            } catch (IllegalArgumentException e) {
                throw bad("one of " + String.join(", ", io.tcplab.stack.profile.Profiles.names()), value, null);
            }
        }
    }

    /** {@code --ecn off|classic|accecn} (a bare {@code --ecn} is classic, through the option's fallback value). */
    static final class Ecn implements ITypeConverter<io.tcplab.stack.conn.EcnMode> {
        @Override
        public io.tcplab.stack.conn.EcnMode convert(String value) {
            io.tcplab.stack.conn.EcnMode mode = io.tcplab.stack.conn.EcnMode.parse(value);
            if (mode == null || value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
                throw bad("one of off, classic, accecn", value, null);
            }
            return mode;
        }
    }

    /** A loss detector's spec, {@code name[:key=value,...]} ({@link LossDetectors}), checked and in canonical form. */
    static final class Recovery implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                LossDetectors.factory(value);
                return LossDetectors.withDefaults(value, java.util.Map.of());
            } catch (IllegalArgumentException e) {
                throw bad(LossDetectors.accepted(), value, e.getMessage());
            }
        }
    }

    /** A spec of spurious-loss detectors, wrapped so picocli takes it as one value, not a list. */
    record SpuriousSpec(String spec) {
    }

    /** {@code off}, or spurious-loss detectors by spec, comma-separated ({@link SpuriousLossDetectors}). */
    static final class Spurious implements ITypeConverter<SpuriousSpec> {
        @Override
        public SpuriousSpec convert(String value) {
            try {
                SpuriousLossDetectors.split(value);
                return new SpuriousSpec(value.trim());
            } catch (IllegalArgumentException e) {
                throw bad("off or a comma-separated list of " + String.join(", ", SpuriousLossDetectors.names())
                        + ", like eifel,dsack", value, e.getMessage());
            }
        }
    }

    /** A switch given as on or off (picocli would read a boolean option as a flag without a value). */
    enum Switch {
        ON, OFF;

        boolean on() {
            return this == ON;
        }
    }

    static final class OnOff implements ITypeConverter<Switch> {
        @Override
        public Switch convert(String value) {
            return check(value, "on or off", () -> Switch.valueOf(value.trim().toUpperCase(Locale.ROOT)), b -> true);
        }
    }

    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return check(value, "a port from 1 to 65535", () -> Integer.parseInt(value.trim()), n -> n >= 1 && n <= 65535);
        }
    }

    /** A count of at least 1 (connections). */
    static final class Count implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return check(value, "a whole number of at least 1", () -> Integer.parseInt(value.trim()), n -> n >= 1);
        }
    }

    static final class Mtu implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return check(value, "an MTU from 576 to 65535 bytes", () -> Integer.parseInt(value.trim()),
                    n -> n >= 576 && n <= 65535);
        }
    }

    /** The MTU of a link's devices, which may be smaller than an endpoint's (IPv4's minimum, RFC 791). */
    static final class LinkMtu implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return check(value, "a whole number of bytes from 68 to 65535", () -> Integer.parseInt(value.trim()),
                    n -> n >= 68 && n <= 65535);
        }
    }

    /** A rate, or 0 for unlimited. */
    static final class RateOrUnlimited implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return check(value, "a rate like 100Mbit (bit, kbit, Mbit, Gbit) or 0 for unlimited",
                    () -> Units.parseRateBitsPerSec(value), r -> true);
        }
    }

    /** An interface address with its prefix length, checked without any {@code ip} command. */
    static final class Cidr implements ITypeConverter<InterfaceAddress> {
        @Override
        public InterfaceAddress convert(String value) {
            try {
                return InterfaceAddress.parse(value);
            } catch (TunException e) {
                throw bad("an address with a prefix length like 10.77.0.1/24 or fd00:77::1/64", value, reason(e));
            }
        }
    }

    /** A bare numeric IPv4 or IPv6 address (never a name to resolve), as a host-length InterfaceAddress. */
    static final class Ip implements ITypeConverter<InterfaceAddress> {
        @Override
        public InterfaceAddress convert(String value) {
            try {
                byte[] a = InterfaceAddress.parseAddress(value);
                return new InterfaceAddress(a, a.length * 8);
            } catch (TunException e) {
                throw bad("a numeric address like 10.77.0.2 or fd00:77::2", value, reason(e));
            }
        }
    }

    /** A network interface name as Linux accepts it: 1 to 15 bytes, no '/', no white space, {@code %d} allowed. */
    static final class TunName implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return check(value, "an interface name of 1 to 15 characters without '/' or spaces, like tcplab0 or tcplab%d",
                    () -> value, n -> !n.isEmpty() && n.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 15
                            && n.chars().noneMatch(c -> c == '/' || c == ':' || Character.isWhitespace(c))
                            && !n.equals(".") && !n.equals(".."));
        }
    }

    /** What an address parser objected to, without its "tcplab: bad address 'x': " preamble. */
    private static String reason(TunException e) {
        String m = e.getMessage();
        int colon = m.lastIndexOf("': ");
        return colon >= 0 ? m.substring(colon + 3) : m;
    }

    private static <T> T check(String text, String accepted, Supplier<T> parse, Predicate<T> check) {
        T value;
        try {
            value = parse.get();
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw bad(accepted, text, null);
        }
        if (!check.test(value)) {
            throw bad(accepted, text, null);
        }
        return value;
    }

    private static TypeConversionException bad(String accepted, String text, String reason) {
        return new TypeConversionException("must be " + accepted + ", got '" + text + "'"
                + (reason == null ? "" : " (" + reason + ")"));
    }
}
