package io.tcplab.tools.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.wire.IcmpWriter;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.Seeds;
import io.tcplab.tools.traffic.DigestPipe;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.OutputStreamSink;
import io.tcplab.tools.traffic.PatternInputStream;
import io.tcplab.tools.traffic.TeeInputStream;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two stacks with IPv6 addresses (2001:db8::a and 2001:db8::b, RFC 3849) on the two-host topology:
 * a transfer with loss both ways arrives whole (SHA-256 equal), segments are sized for a 1500-byte
 * MTU over IPv6, and pings cross the same path.
 */
class Ipv6TransferTest {
    private static final long SIZE = Long.getLong("tcplab.e2e.v6.bytes", 16L << 20);
    private static final byte[] A = HexFormat.of().parseHex("20010db800000000000000000000000a");
    private static final byte[] B = HexFormat.of().parseHex("20010db800000000000000000000000b");
    private static final int PORT = 5001;
    private static final long SEED = 11;

    private static LinkParams path(double loss) {
        return new LinkParams().setRateBitsPerSec(100_000_000L).setDelayNanos(10_000_000L)
                .setQueueLimit(Limit.bytes(256 * 1024)).setLossProbability(loss).setReorderProbability(0.01);
    }

    private static StackConfig config(byte[] address, String host, ConnectionOptions options) {
        return StackConfig.builder(RandomSource.seeded(Seeds.derive(SEED, "stack", host))).address(address)
                .defaultOptions(options).build();
    }

    @Test
    void transferWithLossOverIpv6() {
        ConnectionOptions options = ConnectionOptions.builder().sendBufferBytes(4 << 20)
                .receiveBufferBytes(4 << 20).build();
        PacketSink[] rawA = new PacketSink[1];
        Network network = new Network(SEED);
        network.addHost("a", A, sink -> {
            rawA[0] = sink;
            return new StackHost(new TcpStack(config(A, "a", options), sink));
        });
        network.addHost("b", B, StackHost.factory(config(B, "b", options)));
        network.connect("a", "b", "forward", path(0.02), "reverse", path(0.005));
        HostNode a = network.host("a");
        TcpStack sendStack = ((StackHost) a.host()).stack();
        TcpStack receiveStack = ((StackHost) network.host("b").host()).stack();

        DigestPipe receivedDigest = new DigestPipe("received");
        OutputStreamSink receiver = new OutputStreamSink(receivedDigest);
        receiveStack.listen(PORT, options, (connection, now) -> receiver);
        DigestPipe sentDigest = new DigestPipe("sent");
        InputStreamSource sender = new InputStreamSource(
                new TeeInputStream(new PatternInputStream(SEED, SIZE), sentDigest));
        Connection[] client = new Connection[1];
        a.at(0, () -> client[0] = sendStack.connect(0, B, PORT, options, sender));
        for (int i = 0; i < 5; i++) { // ping -6 b from a, during the transfer
            int sequence = i;
            a.at(100_000_000L * (i + 1), () -> rawA[0].send(echoRequest(sequence)));
        }

        network.scheduler().runUntil(() -> receiver.ended() || sender.error() != null || receiver.error() != null,
                600_000_000_000L);

        assertThat(receiver.ended()).as("transfer completed").isTrue();
        assertThat(sender.ended()).isTrue();
        assertThat(receiver.received()).isEqualTo(SIZE);
        assertThat(receivedDigest.finish()).isEqualTo(sentDigest.finish());
        // 1500-byte MTU: MSS 1460 for IPv4 is announced as 1440 over IPv6, less 12 for timestamps
        assertThat(client[0].info().mss()).isEqualTo(1428);
        assertThat(client[0].info().segmentsRetransmitted()).isGreaterThan(0);
        assertThat(network.link("forward").counters().offeredPackets()).isGreaterThan(SIZE / 1428);

        long replies = receiveStack.stats().icmpEchoRepliesSent();
        assertThat(replies).isBetween(1L, 5L);
        Map<DropReason, Long> dropsA = sendStack.stats().dropsByReason();
        // every reply that crossed the lossy reverse path reached a, which does not answer replies
        assertThat(dropsA.getOrDefault(DropReason.ICMP_IGNORED, 0L)).isBetween(1L, replies);
        assertThat(receiveStack.stats().dropsByReason()).doesNotContainKeys(DropReason.NOT_TCP,
                DropReason.BAD_TCP_CHECKSUM, DropReason.BAD_ICMP_CHECKSUM, DropReason.NOT_OUR_ADDRESS);
    }

    private static ByteBuf echoRequest(int sequence) {
        ByteBuf out = Unpooled.buffer();
        byte[] data = "tcplab ping -6".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        new IcmpWriter().write(out, A, B, 128, 0, 0x77000000L | sequence, Unpooled.wrappedBuffer(data), 0,
                data.length);
        return out;
    }
}
