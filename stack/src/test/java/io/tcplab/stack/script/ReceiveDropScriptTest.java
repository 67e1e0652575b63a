package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.DropReason;
import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** Data the receiver must discard inside an acceptable segment is counted by its reason, never silently lost. */
class ReceiveDropScriptTest {

    /**
     * RFC 9293 §3.10.7.4: a segment that starts inside the window is acceptable and trimmed to it; the
     * trimmed tail had no buffer space and is counted as such, while the segment's in-window bytes are kept.
     */
    @Test
    void theTailPastTheBufferIsCountedAndTheRestKept() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().receiveBufferBytes(4096).build());
        p.acceptFrom(plainSyn());
        p.in(seg(".").seq(1).ack(1).len(2048));
        p.in(seg(".").seq(3049).ack(1).len(2000));                 // [3049, 4097) fits, 952 bytes do not
        assertThat(p.drops(DropReason.RECEIVE_BUFFER_FULL)).isEqualTo(1);
        assertThat(p.drops(DropReason.OUT_OF_WINDOW)).isZero();
        p.in(seg(".").seq(2049).ack(1).len(1000));                 // the hole: everything up to the edge is in order
        assertThat(p.drops(DropReason.RECEIVE_BUFFER_FULL)).isEqualTo(1);
        assertThat(p.read(5000)).isEqualTo(4096);
    }
}
