package io.tcplab.stack.script;

import static io.tcplab.stack.script.ScriptedPeer.fullSyn;
import static io.tcplab.stack.script.ScriptedPeer.plainSyn;
import static io.tcplab.stack.script.SegSpec.seg;
import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.profile.Profiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A profile's values on the wire: what its connections announce and send. */
class ProfileScriptTest {

    /** Linux 2.6.24: RFC 3390's three segments of 1460 bytes first. */
    @Test
    void linux2624SendsAnInitialWindowOfThree() {
        ScriptedPeer p = new ScriptedPeer(Profiles.get("linux-2.6.24").builder().build());
        p.acceptFrom(plainSyn());
        p.write(20 * 1460);
        List<Seg> first = p.drain();
        assertThat(first).hasSize(3).allSatisfy(s -> assertThat(s.len()).isEqualTo(1460));
    }

    /** Solaris 7: no SACK-permitted in the SYN-ACK, even to a peer that offers SACK. */
    @Test
    void solarisDoesNotAgreeToSack() {
        ScriptedPeer p = new ScriptedPeer(Profiles.get("solaris-2.7").builder().build());
        p.listen();
        p.in(fullSyn());
        Seg synAck = p.next();
        assertThat(synAck.sackOk()).isFalse();
    }

    /** ns-3: MSS 536 announced, and one segment sent first. */
    @Test
    void ns3AnnouncesMss536AndSendsOneSegment() {
        ScriptedPeer p = new ScriptedPeer(Profiles.get("ns-3").builder().build());
        Seg synAck = p.acceptFrom(plainSyn().mss(536));
        assertThat(synAck.mss()).isEqualTo(536);
        p.write(10 * 536);
        assertThat(p.drain()).hasSize(1).allSatisfy(s -> assertThat(s.len()).isEqualTo(536));
        p.in(seg(".").seq(1).ack(1 + 536));
        assertThat(p.drain()).as("slow start: two after the first ACK").hasSize(2);
    }
}
