package io.tcplab.tools.emu;

import static io.tcplab.tools.link.TestPackets.ipv4;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.TestPackets;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetworkTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final byte[] A = Topologies.addressA();
    private static final byte[] B = Topologies.addressB();

    private static Network twoHosts(long seed, LinkParams forward) {
        return Topologies.twoHosts(seed, forward, LinkParams.of(), RecordingHost::new, RecordingHost::new);
    }

    private static void sendAt(Network network, String host, long time, int seq, int size) {
        network.at(time, () -> RecordingHost.of(network, host).send(ipv4(seq, size)));
    }

    @Test
    void packetArrivesAfterSerializationPlusPropagation() {
        Network network = twoHosts(1, LinkParams.of().setRateBitsPerSec(100_000_000).setDelayNanos(20 * MS));
        sendAt(network, "a", 3 * MS, 1, 1250); // 1250 bytes at 100 Mbit/s: 100 us
        network.scheduler().runUntil(SECOND);
        assertThat(RecordingHost.of(network, "b").arrivals)
                .containsExactly(new RecordingHost.Arrival(3 * MS + 100_000 + 20 * MS, 1));
        assertThat(network.pool().outstanding()).isZero();
    }

    @Test
    void delayChangeAppliesToPacketsSentAfterIt() {
        Network network = twoHosts(1, LinkParams.of().setDelayNanos(50 * MS));
        network.schedule("forward", LinkSchedule.parse("delay=1s@10s,delay=50ms@11s"));
        sendAt(network, "a", 10 * SECOND - 1, 1, 100);
        sendAt(network, "a", 10 * SECOND, 2, 100);
        sendAt(network, "a", 11 * SECOND, 3, 100);
        network.scheduler().runUntil(20 * SECOND);
        assertThat(RecordingHost.of(network, "b").arrivals).containsExactly(
                new RecordingHost.Arrival(10 * SECOND - 1 + 50 * MS, 1),
                new RecordingHost.Arrival(11 * SECOND, 2),
                new RecordingHost.Arrival(11 * SECOND + 50 * MS, 3));
    }

    @Test
    void aDelaySpikeLetsLaterPacketsOvertakeWhereAStallKeepsTheirOrder() {
        List<Integer> sent = java.util.stream.IntStream.range(0, 300).boxed().toList();
        Network delay = everyTenMs(sent, "delay=1s@10s,delay=50ms@11s");
        Network stall = everyTenMs(sent, "stall=1s@10s");

        assertThat(RecordingHost.of(delay, "b").seqs()).containsExactlyInAnyOrderElementsOf(sent)
                .isNotEqualTo(sent);
        List<RecordingHost.Arrival> held = RecordingHost.of(stall, "b").arrivals;
        assertThat(held).extracting(RecordingHost.Arrival::seq).containsExactlyElementsOf(sent);
        // Packets already on the wire at 10 s arrive; nothing more until the stall's end + the delay.
        assertThat(held).extracting(RecordingHost.Arrival::time)
                .noneMatch(t -> t > 10 * SECOND + 50 * MS && t < 11 * SECOND + 50 * MS)
                .filteredOn(t -> t == 11 * SECOND + 50 * MS).hasSize(100);
    }

    /** Packets 0..n-1 sent every 10 ms from 9 s on an unlimited-rate, 50 ms link with this schedule. */
    private static Network everyTenMs(List<Integer> seqs, String schedule) {
        Network network = twoHosts(1, LinkParams.of().setDelayNanos(50 * MS));
        network.schedule("forward", LinkSchedule.parse(schedule));
        for (int seq : seqs) {
            sendAt(network, "a", 9 * SECOND + seq * 10 * MS, seq, 100);
        }
        network.scheduler().runUntil(20 * SECOND);
        return network;
    }

    @Test
    void sameSeedGivesTheSameRunAndAnotherSeedAnother() {
        assertThat(lossyRun(7)).isEqualTo(lossyRun(7)).isNotEqualTo(lossyRun(8));
    }

    private static List<RecordingHost.Arrival> lossyRun(long seed) {
        Network network = twoHosts(seed, LinkParams.of().setRateBitsPerSec(10_000_000).setDelayNanos(5 * MS)
                .setLossProbability(0.05).setReorderProbability(0.05).setDuplicateProbability(0.05));
        for (int i = 0; i < 2000; i++) {
            sendAt(network, "a", i * 100_000L, i, 1000);
        }
        network.scheduler().runUntil(10 * SECOND);
        return RecordingHost.of(network, "b").arrivals;
    }

    @Test
    void routerForwardsIpv4AndIpv6ByDestination() {
        byte[] v6a = v6(1);
        byte[] v6b = v6(2);
        byte[] v4c = {10, 0, 0, 3};
        Network network = new Network(1);
        network.addRouter("r");
        network.addHost("a", List.of(A, v6a), RecordingHost::new);
        network.addHost("b", List.of(B, v6b), RecordingHost::new);
        network.addHost("c", v4c, RecordingHost::new);
        for (String host : List.of("a", "b", "c")) {
            network.connect(host, "r", LinkParams.of().setDelayNanos(MS), LinkParams.of().setDelayNanos(2 * MS));
        }
        RecordingHost a = RecordingHost.of(network, "a");
        network.at(0, () -> {
            a.send(ipv4(A, B, 1, 100, 0));
            a.send(TestPackets.ipv6(v6a, v6b, 2, 100, 0));
            a.send(ipv4(A, v4c, 3, 100, 0));
            a.send(ipv4(A, new byte[] {(byte) 192, 0, 2, 1}, 4, 100, 0));
        });
        network.scheduler().runUntil(SECOND);
        assertThat(RecordingHost.of(network, "b").arrivals).containsExactly(
                new RecordingHost.Arrival(3 * MS, 1), new RecordingHost.Arrival(3 * MS, 2));
        assertThat(RecordingHost.of(network, "c").seqs()).containsExactly(3);
        assertThat(network.router("r").noRoutePackets()).isEqualTo(1);
    }

    private static byte[] v6(int last) {
        byte[] address = new byte[16];
        address[0] = 0x20;
        address[1] = 0x01;
        address[2] = 0x0d;
        address[3] = (byte) 0xb8;
        address[15] = (byte) last;
        return address;
    }

    @Test
    void explicitRouteOverridesTheTopology() {
        Network network = new Network(1);
        network.addRouter("r");
        network.addHost("a", A, RecordingHost::new);
        network.addHost("b", B, RecordingHost::new);
        network.addHost("c", new byte[] {10, 0, 0, 3}, RecordingHost::new);
        for (String host : List.of("a", "b", "c")) {
            network.connect(host, "r", LinkParams.of(), LinkParams.of());
        }
        network.route("r", B, "r->c");
        sendAt(network, "a", 0, 1, 100);
        network.scheduler().runUntil(SECOND);
        assertThat(RecordingHost.of(network, "c").seqs()).containsExactly(1);
        assertThat(RecordingHost.of(network, "b").arrivals).isEmpty();
    }

    @Test
    void unknownNamesListTheKnownOnes() {
        Network network = twoHosts(1, LinkParams.of());
        assertThatThrownBy(() -> network.link("bottleneck"))
                .hasMessageContaining("no link named 'bottleneck'").hasMessageContaining("forward").hasMessageContaining("reverse");
        assertThatThrownBy(() -> network.router("a")).hasMessageContaining("is a host");
    }

    @Test
    void dumbbellFlowsHaveTheirOwnRtts() {
        LinkParams access = LinkParams.of().setDelayNanos(MS);
        Network network = Topologies.dumbbell(1, 3)
                .bottleneck(LinkParams.of().setDelayNanos(10 * MS), LinkParams.of().setDelayNanos(10 * MS))
                .access(access).flowDelay(1, 5 * MS).flowDelay(2, 20 * MS)
                .senders(i -> RecordingHost::new).receivers(i -> RecordingHost::new).build();
        for (int i = 0; i < 3; i++) {
            int flow = i;
            network.at(0, () -> {
                RecordingHost.of(network, "s" + flow).send(ipv4(Dumbbell.senderAddress(flow), Dumbbell.receiverAddress(flow), flow, 100, 0));
                RecordingHost.of(network, "r" + flow).send(ipv4(Dumbbell.receiverAddress(flow), Dumbbell.senderAddress(flow), 100 + flow, 100, 0));
            });
        }
        network.scheduler().runUntil(SECOND);
        long[] senderDelays = {MS, 5 * MS, 20 * MS};
        for (int i = 0; i < 3; i++) {
            long oneWay = senderDelays[i] + 10 * MS + MS;
            assertThat(RecordingHost.of(network, "r" + i).arrivals).containsExactly(new RecordingHost.Arrival(oneWay, i));
            assertThat(RecordingHost.of(network, "s" + i).arrivals).containsExactly(new RecordingHost.Arrival(oneWay, 100 + i));
        }
        assertThat(network.links()).extracting(l -> l.name()).contains("bottleneck", "bottleneck-reverse", "s2->left", "right->r2");
        assertThat(network.link("bottleneck").counters().delivered()).isEqualTo(3);
    }
}
