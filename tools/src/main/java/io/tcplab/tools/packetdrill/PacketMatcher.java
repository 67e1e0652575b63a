package io.tcplab.tools.packetdrill;

import io.tcplab.stack.wire.TcpHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares an emitted packet with an outbound script line, after mapping the live ISN and
 * TSval. Flags (but PSH), sequence range and the ECN mark are always checked; ACK, window and options
 * only when the line writes them. Option padding (nop, eol) is not compared, the order and
 * values of the options are. TSval is checked only under {@code --tcp_ts_tick_usecs}, within
 * the timing tolerance, as packetdrill does.
 */
final class PacketMatcher {
    private final SequenceMap map;
    private final long toleranceMicros;
    private final long tsTickMicros;
    /** Flags left out of the comparison: PSH, whose placement is the sender's choice (docs/packetdrill.md). */
    private final int ignoredFlags = TcpHeader.PSH;

    PacketMatcher(SequenceMap map, long toleranceMicros, long tsTickMicros) {
        this.map = map;
        this.toleranceMicros = toleranceMicros;
        this.tsTickMicros = tsTickMicros;
    }

    /** Learns what the first packets reveal (the stack's ISN, its TSval offset) from a candidate. */
    void learn(PacketSpec expected, WirePacket actual) {
        if ((expected.flagBits() & TcpHeader.SYN) != 0 && (actual.flags() & TcpHeader.SYN) != 0) {
            map.newLocalConnection();
        }
        if (!map.localIsnKnown()) {
            // a SYN's seq, as the script writes it, is the ISN itself; later numbers count from it (packetdrill)
            map.learnLocalIsn(actual.seq(), (expected.flagBits() & TcpHeader.SYN) != 0 ? 0 : expected.start());
        }
        WirePacket.Raw ts = actual.option(WirePacket.KIND_TS);
        if (ts != null && expected.options() != null) {
            for (OptionSpec o : expected.options()) {
                if (o instanceof OptionSpec.Timestamp t) {
                    map.learnTsOffset(ts.a(), t.val());
                }
            }
        }
    }

    /** Null when {@code actual} matches; else what differs. */
    String mismatch(PacketSpec expected, WirePacket actual) {
        List<String> diffs = new ArrayList<>();
        if ((expected.flagBits() & ~ignoredFlags) != (actual.flags() & ~ignoredFlags)) {
            diffs.add("flags " + Flags.render(actual.flags()) + " instead of " + expected.flags());
        }
        long seq = map.localSeqFromWire(actual.seq());
        long start = (expected.flagBits() & TcpHeader.SYN) != 0 ? 0 : expected.start(); // a SYN's is its ISN
        if (seq != start) {
            diffs.add("sequence " + seq + " instead of " + start);
        }
        if (actual.length() != expected.length()) {
            diffs.add("length " + actual.length() + " instead of " + expected.length());
        }
        if (expected.ack() != null && ackOf(actual) != expected.ack()) {
            diffs.add("ack " + ackOf(actual) + " instead of " + expected.ack());
        }
        if (expected.window() != null && actual.window() != expected.window()) {
            diffs.add("window " + actual.window() + " instead of " + expected.window());
        }
        if (expected.ecnMark() != null && !ecnMatches(expected.ecnMark(), actual.ecn())) {
            diffs.add("ECN " + ecnName(actual.ecn()) + " instead of " + expected.ecnMark());
        }
        if (expected.options() != null && !expected.anyOptions()) {
            String o = optionsMismatch(expected.options(), actual);
            if (o != null) {
                diffs.add(o);
            }
        }
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }

    private String optionsMismatch(List<OptionSpec> expected, WirePacket actual) {
        List<OptionSpec> want = expected.stream().filter(o -> !OptionSpec.padding(o)).toList();
        List<OptionSpec> got = relativeOptions(actual).stream().filter(o -> !OptionSpec.padding(o)).toList();
        boolean same = want.size() == got.size();
        for (int i = 0; same && i < want.size(); i++) {
            same = optionMatches(want.get(i), got.get(i));
        }
        return same ? null : "options <" + OptionSpec.render(got) + "> instead of <" + OptionSpec.render(want) + ">";
    }

    private boolean optionMatches(OptionSpec want, OptionSpec got) {
        if (want instanceof OptionSpec.Timestamp w && got instanceof OptionSpec.Timestamp g) {
            if (w.ecr() != g.ecr()) {
                return false;
            }
            if (tsTickMicros <= 0) {
                return true;
            }
            long allowedTicks = Math.max(1, toleranceMicros / tsTickMicros);
            return Math.abs(g.val() - w.val()) <= allowedTicks;
        }
        if (want instanceof OptionSpec.Sack w && got instanceof OptionSpec.Sack g) {
            if (w.blocks().size() != g.blocks().size()) {
                return false;
            }
            for (int i = 0; i < w.blocks().size(); i++) {
                if (w.blocks().get(i)[0] != g.blocks().get(i)[0] || w.blocks().get(i)[1] != g.blocks().get(i)[1]) {
                    return false;
                }
            }
            return true;
        }
        return want.equals(got);
    }

    /** The packet's options with numbers in the script's relative terms. */
    List<OptionSpec> relativeOptions(WirePacket p) {
        List<OptionSpec> out = new ArrayList<>();
        for (WirePacket.Raw r : p.options()) {
            switch (r.kind()) {
                case WirePacket.KIND_NOP -> out.add(new OptionSpec.Nop());
                case WirePacket.KIND_EOL -> out.add(new OptionSpec.Eol());
                case WirePacket.KIND_MSS -> out.add(new OptionSpec.Mss((int) r.a()));
                case WirePacket.KIND_WSCALE -> out.add(new OptionSpec.WScale((int) r.a()));
                case WirePacket.KIND_SACK_OK -> out.add(new OptionSpec.SackOk());
                case WirePacket.KIND_TS -> out.add(new OptionSpec.Timestamp(map.localTsFromWire(r.a()), r.b()));
                case WirePacket.KIND_SACK -> {
                    List<long[]> blocks = new ArrayList<>();
                    for (int i = 0; i + 1 < r.sack().length; i += 2) {
                        blocks.add(new long[] {map.remoteSeqFromWire(r.sack()[i]), map.remoteSeqFromWire(r.sack()[i + 1])});
                    }
                    out.add(new OptionSpec.Sack(blocks));
                }
                case WirePacket.KIND_ACCECN0, WirePacket.KIND_ACCECN1 -> out.add(new OptionSpec.AccEcn(r.kind(),
                        java.util.Arrays.stream(r.sack()).boxed().toList()));
                case WirePacket.KIND_FAST_OPEN, WirePacket.KIND_FAST_OPEN_EXP -> out.add(r.bytes() == null
                        ? new OptionSpec.Other(r.kind(), r.length())
                        : new OptionSpec.FastOpen(java.util.HexFormat.of().formatHex(r.bytes()),
                                r.kind() == WirePacket.KIND_FAST_OPEN_EXP));
                default -> out.add(new OptionSpec.Other(r.kind(), r.length()));
            }
        }
        return out;
    }

    /** The packet's ack as the script writes it: a SYN-ACK's absolute (packetdrill), others relative to the peer's ISN. */
    private long ackOf(WirePacket p) {
        int synAck = TcpHeader.SYN | TcpHeader.ACK;
        return (p.flags() & synAck) == synAck ? map.synAckAckFromWire(p.ack()) : map.remoteSeqFromWire(p.ack());
    }

    /** The packet as a script line would write it. */
    String render(WirePacket p) {
        StringBuilder s = new StringBuilder("> ");
        if (p.ecn() != 0) {
            s.append('[').append(ecnName(p.ecn())).append("] ");
        }
        long seq = map.localSeqFromWire(p.seq());
        s.append(Flags.render(p.flags())).append(' ').append(seq).append(':').append(seq + p.length())
                .append('(').append(p.length()).append(')');
        if ((p.flags() & TcpHeader.ACK) != 0) {
            s.append(" ack ").append(ackOf(p));
        }
        s.append(" win ").append(p.window());
        if (!p.options().isEmpty()) {
            s.append(" <").append(OptionSpec.render(relativeOptions(p))).append('>');
        }
        return s.toString();
    }

    static boolean ecnMatches(String mark, int ecn) {
        return switch (mark) {
            case "noecn" -> ecn == 0;
            case "ect1" -> ecn == 1;
            case "ect0" -> ecn == 2;
            case "ce" -> ecn == 3;
            case "ect01" -> ecn == 1 || ecn == 2;
            default -> false;
        };
    }

    static String ecnName(int ecn) {
        return switch (ecn) {
            case 1 -> "ect1";
            case 2 -> "ect0";
            case 3 -> "ce";
            default -> "noecn";
        };
    }

    static int ecnCodepoint(String mark) {
        if (mark == null) {
            return 0;
        }
        return switch (mark) {
            case "ect1" -> 1;
            case "ect0", "ect01" -> 2;
            case "ce" -> 3;
            default -> 0;
        };
    }
}
