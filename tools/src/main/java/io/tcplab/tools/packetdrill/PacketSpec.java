package io.tcplab.tools.packetdrill;

import java.util.List;

/**
 * One packet line: direction, ECN mark, flags, relative sequence range, and the optional ACK,
 * window and options. Null fields were not written and, for an outbound packet, are not checked.
 *
 * @param options null when no option list was written; {@link #ANY_OPTIONS} for {@code <...>}
 */
record PacketSpec(boolean inbound, String ecnMark, String flags, long start, long end, int length, Long ack,
                  Integer window, List<OptionSpec> options) {
    static final List<OptionSpec> ANY_OPTIONS = List.of(new OptionSpec.Any());

    boolean anyOptions() {
        return options == ANY_OPTIONS;
    }

    int flagBits() {
        return Flags.parse(flags);
    }

    /** The line as packetdrill writes it (without time). */
    String render() {
        StringBuilder s = new StringBuilder(inbound ? "< " : "> ");
        if (ecnMark != null) {
            s.append('[').append(ecnMark).append("] ");
        }
        s.append(flags).append(' ').append(start).append(':').append(end).append('(').append(length).append(')');
        if (ack != null) {
            s.append(" ack ").append(ack);
        }
        if (window != null) {
            s.append(" win ").append(window);
        }
        if (options != null) {
            s.append(" <").append(OptionSpec.render(options)).append('>');
        }
        return s.toString();
    }
}
