package io.tcplab.tools.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.scenario.TransferRunner;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The experiment's source and sink on the emulator: exact byte counts, on/off duty cycle. */
class ZeroSourceTest {
    /** A send buffer of about the path's BDP plus queue: a pause then stops the flow within ~0.1 s. */
    private static final ConnectionOptions OPTIONS = ConnectionOptions.builder().sendBufferBytes(128 * 1024).build();
    private final Network net = Topologies.twoHosts(1, LinkParams.parse("rate=10Mbit,delay=5ms,queue=100p"),
            LinkParams.parse("rate=10Mbit,delay=5ms"),
            StackHost.factory(TransferRunner.stackConfig(1, Topologies.addressA(), "a", OPTIONS, -1)),
            StackHost.factory(TransferRunner.stackConfig(1, Topologies.addressB(), "b", OPTIONS, -1)));
    private final HostNode a = net.host("a");
    private final TcpStack sender = ((StackHost) a.host()).stack();
    private final TcpStack receiver = ((StackHost) net.host("b").host()).stack();
    private final ByteCounter counter = new ByteCounter();
    private final boolean[] ended = new boolean[1];

    ZeroSourceTest() {
        receiver.listen(80, OPTIONS, (c, now) -> new DiscardSink(counter, new byte[4096], () -> ended[0] = true));
    }

    @Test
    void aFixedTransferDeliversExactlyItsBytesAndCloses() {
        ZeroSource source = new ZeroSource(1_234_567);
        a.at(0, () -> sender.connect(0, Topologies.addressB(), 80, OPTIONS, source));
        net.scheduler().runUntil(() -> ended[0], 30_000_000_000L);
        assertThat(ended[0]).isTrue();
        assertThat(counter.bytes()).isEqualTo(1_234_567);
        assertThat(source.written()).isEqualTo(1_234_567);
        // 1.23 MB at 10 Mbit/s is about a second; slow start adds a few RTTs
        assertThat(net.scheduler().now()).isBetween(1_000_000_000L, 2_000_000_000L);
    }

    @Test
    void onOffSendsForAboutItsDutyCycle() {
        ZeroSource source = ZeroSource.unlimited();
        long stop = 20_000_000_000L;
        OnOffSwitch onOff = new OnOffSwitch(a, source, new SplittableRandom(3), 1_000_000_000L, 1_000_000_000L,
                false, stop);
        a.at(0, () -> {
            sender.connect(0, Topologies.addressB(), 80, OPTIONS, source);
            onOff.start(0);
        });
        net.scheduler().runUntil(stop);
        double mbps = counter.bytes() * 8 / 20.0 / 1e6;
        // on half the time at up to 10 Mbit/s (5 Mbit/s), plus at most one send buffer drained
        // into each of the 10 off periods (10 x 128 KiB over 20 s = 0.52 Mbit/s); an unlimited
        // source would carry 10 Mbit/s
        assertThat(mbps).isBetween(4.0, 5.0 + 10 * 128 * 1024 * 8 / 20.0 / 1e6);
    }
}
