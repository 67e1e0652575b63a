package io.tcplab.tools.link.aqm;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.RedParams;
import java.util.List;
import java.util.Locale;

/**
 * A link's queue discipline as {@code --aqm NAME[:key=value,...]} and a scenario's {@code aqm:}
 * give it: {@code droptail} (the default), {@code red}, {@code codel}, {@code fq_codel},
 * {@code pie} or {@code dualpi2}. {@link #toString()} writes every setting, defaults included,
 * in the form {@link #parse} reads, so a report says exactly what ran.
 */
public sealed interface AqmSpec permits AqmSpec.DropTail, AqmSpec.Red, ServedAqm {
    List<String> NAMES = List.of("droptail", "red", "codel", "fq_codel", "pie", "dualpi2");

    String name();

    /** Parses {@code NAME[:key=value,...]}; an {@link IllegalArgumentException} names what is wrong. */
    static AqmSpec parse(String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.indexOf(':');
        String name = (colon < 0 ? t : t.substring(0, colon)).trim().toLowerCase(Locale.ROOT).replace('-', '_');
        String settings = colon < 0 ? "" : t.substring(colon + 1);
        return switch (name) {
            case "droptail" -> {
                new AqmKeys(name, settings, List.of());
                yield new DropTail();
            }
            case "red" -> new Red(parseRed(new AqmKeys(name, settings, Red.KEYS)));
            case "codel" -> CoDelParams.parse(new AqmKeys(name, settings, CoDelParams.KEYS));
            case "fq_codel" -> FqCoDelParams.parse(new AqmKeys(name, settings, FqCoDelParams.KEYS));
            case "pie" -> PieParams.parse(new AqmKeys(name, settings, PieParams.KEYS));
            case "dualpi2" -> DualPi2Params.parse(new AqmKeys(name, settings, DualPi2Params.KEYS));
            default -> throw new IllegalArgumentException("unknown AQM '" + name + "', allowed: "
                    + String.join(", ", NAMES));
        };
    }

    /** The link's one FIFO, dropping what does not fit ({@code queue}); the step marker may still mark. */
    record DropTail() implements AqmSpec {
        @Override
        public String name() {
            return "droptail";
        }

        @Override
        public String toString() {
            return "droptail";
        }
    }

    /** RED on the link's FIFO ({@link RedParams}), also settable as a link's {@code red=} setting. */
    record Red(RedParams params) implements AqmSpec {
        static final List<String> KEYS = List.of("min", "max", "max_p", "weight", "ecn", "above_max");

        @Override
        public String name() {
            return "red";
        }

        @Override
        public String toString() {
            return "red:min=" + params.min() + ",max=" + params.max() + ",max_p=" + AqmKeys.plain(params.maxP())
                    + ",weight=" + AqmKeys.plain(params.weight()) + ",ecn=" + (params.ecn() ? "on" : "off")
                    + ",above_max=" + params.aboveMax();
        }
    }

    private static RedParams parseRed(AqmKeys k) {
        Limit min = k.limit("min");
        Limit max = k.limit("max");
        double maxP = k.number("max_p", 0.1, Double.MIN_VALUE, 1);
        double weight = k.number("weight", 0.002, Double.MIN_VALUE, 1);
        boolean ecn = k.onOff("ecn", false);
        RedParams.AboveMax aboveMax = k.choice("above_max", RedParams.AboveMax.MARK, RedParams.AboveMax::parse,
                "mark or drop");
        try {
            return new RedParams(min, max, maxP, weight, ecn, aboveMax, RedParams.DEFAULT_IDLE_PACKET_BYTES);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("red: " + e.getMessage(), e);
        }
    }
}
