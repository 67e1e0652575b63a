package io.tcplab.tools.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.link.LinkParams;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StreamAdaptersTest {
    private static StackConfig config(byte[] address, long seed) {
        return StackConfig.builder(RandomSource.seeded(seed)).address(address).build();
    }

    @Test
    void aStreamCrossesALossyPathIntact() {
        byte[] data = new byte[3 << 20];
        new SplittableRandom(5).nextBytes(data);
        LinkParams forward = new LinkParams().setRateBitsPerSec(50_000_000L).setDelayNanos(5_000_000L)
                .setLossProbability(0.01);
        LinkParams reverse = new LinkParams().setRateBitsPerSec(50_000_000L).setDelayNanos(5_000_000L);
        Network net = Topologies.twoHosts(9, forward, reverse,
                StackHost.factory(config(Topologies.addressA(), 1)), StackHost.factory(config(Topologies.addressB(), 2)));
        TcpStack a = ((StackHost) net.host("a").host()).stack();
        TcpStack b = ((StackHost) net.host("b").host()).stack();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        OutputStreamSink sink = new OutputStreamSink(received);
        b.listen(7, null, (c, now) -> sink);
        InputStreamSource source = new InputStreamSource(new ByteArrayInputStream(data));
        net.host("a").at(0, () -> a.connect(0, Topologies.addressB(), 7, null, source));

        net.scheduler().runUntil(sink::ended, 120_000_000_000L);

        assertThat(source.ended()).isTrue();
        assertThat(source.written()).isEqualTo(data.length);
        assertThat(sink.received()).isEqualTo(data.length);
        assertThat(received.toByteArray()).isEqualTo(data);
    }
}
