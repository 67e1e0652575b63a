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

    /**
     * The AccECN option (RFC 9768 §3.2.3) as Linux's scripts write it: {@code ECN e0b 1 ceb 0 e1b 1}
     * is AccECN0 (kind 172), {@code ECN e1b 1 ceb 0 e0b 1} AccECN1 (kind 174); fewer fields make it
     * shorter (length 2 + 3 per field), a bare {@code ECN} is AccECN0 of length 2.
     */
    record AccEcn(int kind, List<Long> fields) implements OptionSpec {
        static final int KIND0 = 172;
        static final int KIND1 = 174;
        private static final String[] ORDER0 = {"e0b", "ceb", "e1b"};
        private static final String[] ORDER1 = {"e1b", "ceb", "e0b"};

        static String[] names(int kind) {
            return kind == KIND0 ? ORDER0 : ORDER1;
        }

        public String toString() {
            StringBuilder s = new StringBuilder("ECN");
            for (int i = 0; i < fields.size(); i++) {
                s.append(' ').append(names(kind)[i]).append(' ').append(fields.get(i));
            }
            return s.toString();
        }
    }

    /**
     * The Fast Open option (RFC 7413 §4.1.1): {@code FO} with a cookie of hex digits, none for a
     * request; {@code FOEXP} in the experimental form (kind 254, ExID 0xF989).
     */
    record FastOpen(String cookie, boolean experimental) implements OptionSpec {
        /** packetdrill run_all.py's -D TFO_COOKIE: the cookie of 192.0.2.1 to 192.168.0.1 under defaults.sh's key. */
        static final String TFO_COOKIE = "3021b9d889017eeb";

        public String toString() {
            return (experimental ? "FOEXP" : "FO") + (cookie.isEmpty() ? "" : " " + cookie);
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
