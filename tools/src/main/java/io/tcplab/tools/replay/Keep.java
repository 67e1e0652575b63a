package io.tcplab.tools.replay;

/** What a recording keeps of the packets and data that pass (docs/replay.md). */
public enum Keep {
    /** Every byte: the replay hands the stack exactly what it got and checks every byte it emits. */
    PACKETS,
    /**
     * Headers and lengths ({@code --record-headers}): a received payload is kept as its checksum
     * sum, written data as its length, and an emitted packet's digest covers its headers.
     */
    HEADERS
}
