package io.tcplab.stack.script;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;

/**
 * A stateful fuzz target for {@code TcpStack.receive}: an ESTABLISHED connection with data in
 * both directions and a listener beside it, then a sequence of segments whose flags, sequence and
 * acknowledgment numbers (near the live ones, so that they reach deep into the state machine),
 * windows, SACK blocks, timestamps and lengths come from the fuzzer, some of them damaged byte by
 * byte or replaced by raw bytes, with time moving on between them. All come from the peer's
 * four-tuple (the scripted peer checks that every reply goes there): once a RST or a timeout has
 * closed the connection, a SYN reaches the listener and a new one goes through SYN-RECEIVED.
 *
 * <p>Checked after every packet: nothing escapes the stack; the connections it holds stay within
 * the backlog; a connection never holds more unread bytes than its receive buffer. In a normal
 * build this replays {@code ReceiveFuzzTestInputs/} (a regression run); {@code JAZZER_FUZZ=1}
 * fuzzes (see docs/fuzzing.md).
 */
class ReceiveFuzzTest {
    private static final int BUFFER = 64 * 1024;
    private static final int BACKLOG = 8;
    private static final int MAX_PACKETS = 64;

    @FuzzTest(maxDuration = "10s")
    void segmentsAgainstAnEstablishedConnectionAndAListener(FuzzedDataProvider in) {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().sendBufferBytes(BUFFER)
                .receiveBufferBytes(BUFFER).ecn(true).build(), BACKLOG);
        p.acceptFrom(ScriptedPeer.fullSyn());
        p.write(4 * 1448);
        p.in(SegSpec.seg(".").seq(1).ack(1).len(1000).ts(2, 1));
        p.drain();
        Connection established = p.connection();

        for (int i = 0; i < MAX_PACKETS && in.remainingBytes() > 0; i++) {
            p.inRaw(nextPacket(p, in));
            p.drain();
            if (in.consumeBoolean()) {
                p.advanceBy(in.consumeInt(0, 2000));
                p.drain();
            }
            assertThat(p.stackConnections()).as("connections held").isLessThanOrEqualTo(BACKLOG + 1);
            assertThat(established.readableBytes()).as("unread bytes").isLessThanOrEqualTo(BUFFER);
        }
    }

    private static ByteBuf nextPacket(ScriptedPeer p, FuzzedDataProvider in) {
        int kind = in.consumeInt(0, 9);
        if (kind == 0) {
            return Unpooled.wrappedBuffer(in.consumeBytes(in.consumeInt(0, 1600)));
        }
        SegSpec spec = segment(in);
        if (kind == 9) { // the exact-CE-echo option, drawn without consuming input: old inputs keep their meaning
            spec.exactCeEcho(true);
        }
        ByteBuf packet = p.packet(spec);
        if (kind == 1) { // damage a few bytes anywhere, checksums included
            for (int n = in.consumeInt(1, 4); n > 0; n--) {
                packet.setByte(in.consumeInt(0, packet.readableBytes() - 1), in.consumeByte());
            }
        }
        return packet;
    }

    private static SegSpec segment(FuzzedDataProvider in) {
        StringBuilder flags = new StringBuilder();
        for (char f : "SFRPUEW.".toCharArray()) {
            if (in.consumeBoolean()) {
                flags.append(f);
            }
        }
        SegSpec s = SegSpec.seg(flags.toString())
                .seq(near(in)).win(in.consumeInt(0, 65535)).len(in.consumeInt(0, 1448));
        if (flags.indexOf(".") >= 0) {
            s.ack(near(in));
        }
        if (in.consumeBoolean()) {
            s.ts(in.consumeInt(), in.consumeInt());
        }
        if (in.consumeBoolean()) {
            s.sack(near(in), near(in));
        }
        return s;
    }

    /** A relative sequence number, mostly within a few windows of the live ones. */
    private static int near(FuzzedDataProvider in) {
        return in.consumeBoolean() ? in.consumeInt(-3 * BUFFER, 3 * BUFFER) : in.consumeInt();
    }
}
