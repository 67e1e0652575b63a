package io.tcplab.tools.packetdrill;

import java.util.List;
import java.util.stream.Collectors;

/** One TCP option as a script writes it (and as an emitted packet is rendered back). */
sealed interface OptionSpec {
    record Mss(int value) implements OptionSpec {
        public String toString() { return "mss " + value; }
    }

    record SackOk() implements OptionSpec {
        public String toString() { return "sackOK"; }
    }

    record Nop() implements OptionSpec {
        public String toString() { return "nop"; }
    }

    record Eol() implements OptionSpec {
        public String toString() { return "eol"; }
    }

    record WScale(int shift) implements OptionSpec {
        public String toString() { return "wscale " + shift; }
    }

    record Timestamp(long val, long ecr) implements OptionSpec {
        public String toString() { return "TS val " + val + " ecr " + ecr; }
    }

    /** SACK blocks as [left, right) pairs, relative to the sequence space they acknowledge. */
    record Sack(List<long[]> blocks) implements OptionSpec {
        public String toString() {
            return "sack " + blocks.stream().map(b -> b[0] + ":" + b[1]).collect(Collectors.joining(" "));
        }
    }

    /** An option kind this interpreter does not model (for emitted packets). */
    record Other(int kind, int length) implements OptionSpec {
        public String toString() { return "kind" + kind + "/len" + length; }
    }

    /** {@code <...>}: any options. */
    record Any() implements OptionSpec {
        public String toString() { return "..."; }
    }

    static String render(List<OptionSpec> options) {
        return options.stream().map(Object::toString).collect(Collectors.joining(","));
    }

    /** True for padding, which the matcher ignores. */
    static boolean padding(OptionSpec o) {
        return o instanceof Nop || o instanceof Eol;
    }
}
