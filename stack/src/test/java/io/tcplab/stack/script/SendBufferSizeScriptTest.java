package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.conn.ConnectionOptions;
import org.junit.jupiter.api.Test;

/** The send buffer resized on an open connection (SO_SNDBUF after connect or accept). */
class SendBufferSizeScriptTest {

    @Test
    void aLargerBufferTakesMoreAndASmallerOneIsRefusedWhileItHoldsMore() {
        ScriptedPeer p = new ScriptedPeer(ConnectionOptions.builder().sendBufferBytes(4000).build());
        p.acceptFrom(plainSyn().mss(1000), 100);
        assertThat(p.write(10_000)).isEqualTo(4000);
        assertThat(p.connection().socketOptions().setSendBufferBytes(p.nowNanos(), 3000)).isFalse(); // it holds 4000
        assertThat(p.connection().socketOptions().sendBufferBytes()).isEqualTo(4000);
        assertThat(p.connection().socketOptions().setSendBufferBytes(p.nowNanos(), 6000)).isTrue();
        assertThat(p.connection().socketOptions().sendBufferBytes()).isEqualTo(6000);
        assertThat(p.write(10_000)).isEqualTo(2000);
        assertThat(p.drain()).hasSize(6); // the initial window takes all six segments
    }
}
