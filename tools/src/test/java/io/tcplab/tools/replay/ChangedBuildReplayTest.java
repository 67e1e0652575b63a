package io.tcplab.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay on a build that differs from the recording one in one constant — not an option the
 * recording keeps — stops at the first segment the constant must change, with one line naming
 * it. The constant: RFC 3465's per-ACK limit L on slow-start growth, 2 SMSS in the stack's Reno
 * and in {@link ChangeableReno} as recorded, 1 SMSS in the "changed build".
 */
class ChangedBuildReplayTest {
    private static final int SEGMENT = 1448;

    @TempDir
    Path dir;

    @Test
    void aReplayOnABuildWithAnotherSlowStartLimitStopsAtTheFirstSegmentItMoves() throws IOException {
        Path clientFile = dir.resolve("client.rec");
        List<byte[]> sent = RecordedTransfer.record(clientFile, dir.resolve("server.rec"), null, Keep.PACKETS,
                "changeable-reno");
        // the build that recorded it replays it to the end: the recording alone makes the same stack
        assertThat(Replay.run(clientFile).packets()).isEqualTo(sent.size());

        // By hand (RecordedTransfer: 10 ms each way, the client's SYN at 0, its SYN-ACK back at 20 ms):
        // at 20 ms the client sends its initial window, 10 segments (RFC 6928). They reach the server
        // together at 30 ms; it acknowledges every second one (RFC 5681 §4.2, no quick ACKs), so the
        // first ACK, back at 40 ms, acknowledges 2 segments. With L = 2 Reno adds 2 segments to cwnd:
        // 12 segments with 8 in flight, so segments 11 to 14 leave. With L = 1 it adds one: 11
        // segments, so 11 to 13 leave and segment 14 does not.
        long iss = Integer.toUnsignedLong(word(sent.get(0), 24));
        long fourteenth = (iss + 1 + 13L * SEGMENT) & 0xFFFFFFFFL;
        byte[] expected = sent.stream()
                .filter(p -> p.length == 1500 && Integer.toUnsignedLong(word(p, 24)) == fourteenth)
                .findFirst().orElseThrow();
        String segment = Segments.describe(expected, expected.length);

        ChangeableReno.limitSegments = 1;
        try {
            // the first network input is the SYN-ACK at 20 ms: the ACK at 40 ms is 20 ms into the recording
            assertThatThrownBy(() -> Replay.run(clientFile))
                    .isInstanceOf(Replay.Divergence.class)
                    .hasMessageContaining("(20.000000 ms into the recording) on connection 0: the recording has "
                            + "a packet of 1500 bytes " + segment + ", the replay nothing")
                    .hasMessageContaining(" seq " + fourteenth + " ")
                    .hasMessageNotContaining("\n");
        } finally {
            ChangeableReno.limitSegments = 2;
        }
    }

    /** The 32-bit word at {@code at} of an IPv4 packet with a 20-byte header (24: the TCP sequence number). */
    private static int word(byte[] packet, int at) {
        return (packet[at] & 0xFF) << 24 | (packet[at + 1] & 0xFF) << 16 | (packet[at + 2] & 0xFF) << 8
                | packet[at + 3] & 0xFF;
    }
}
