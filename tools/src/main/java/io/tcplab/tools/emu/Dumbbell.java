package io.tcplab.tools.emu;

import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.LinkParams;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Builds the classic dumbbell: senders {@code s0..sN-1} attach to router "left", receivers
 * {@code r0..rN-1} to router "right", and the routers are joined by link "bottleneck"
 * (left→right) and "bottleneck-reverse". Access links are named {@code "s3->left"},
 * {@code "left->s3"}, {@code "right->r3"}, {@code "r3->right"}. Flow i's RTT is twice the sum of
 * its sender access delay (set per flow with {@link #flowDelay}), the bottleneck delay and the
 * receiver access delay, plus serialization and queueing.
 */
public final class Dumbbell {
    private final long seed;
    private final int flows;
    private final long[] flowDelays;
    private LinkParams bottleneck = LinkParams.of();
    private LinkParams bottleneckReverse = LinkParams.of();
    private LinkParams access = LinkParams.of();
    private IntFunction<Function<PacketSink, EmulatedHost>> senders;
    private IntFunction<Function<PacketSink, EmulatedHost>> receivers;

    Dumbbell(long seed, int flows) {
        if (flows < 1 || flows > 65534) {
            throw new IllegalArgumentException("a dumbbell has 1 to 65534 flows, not " + flows);
        }
        this.seed = seed;
        this.flows = flows;
        this.flowDelays = new long[flows];
        java.util.Arrays.fill(flowDelays, -1);
    }

    public Dumbbell bottleneck(LinkParams forward, LinkParams reverse) {
        this.bottleneck = forward;
        this.bottleneckReverse = reverse;
        return this;
    }

    /** The settings of every access link, both ways (each link gets its own copy). */
    public Dumbbell access(LinkParams params) {
        this.access = params;
        return this;
    }

    /** The one-way delay of flow {@code flow}'s sender access link, both ways. */
    public Dumbbell flowDelay(int flow, long oneWayNanos) {
        flowDelays[flow] = oneWayNanos;
        return this;
    }

    /** The host factory of each sender, by flow index. */
    public Dumbbell senders(IntFunction<Function<PacketSink, EmulatedHost>> factories) {
        this.senders = factories;
        return this;
    }

    public Dumbbell receivers(IntFunction<Function<PacketSink, EmulatedHost>> factories) {
        this.receivers = factories;
        return this;
    }

    /** Sender i is 10.1.x.y with x.y = i + 1. */
    public static byte[] senderAddress(int flow) {
        return address(1, flow);
    }

    /** Receiver i is 10.2.x.y with x.y = i + 1. */
    public static byte[] receiverAddress(int flow) {
        return address(2, flow);
    }

    public Network build() {
        if (senders == null || receivers == null) {
            throw new IllegalStateException("a dumbbell needs sender and receiver factories");
        }
        Network network = new Network(seed);
        network.addRouter("left");
        network.addRouter("right");
        network.connect("left", "right", "bottleneck", bottleneck, "bottleneck-reverse", bottleneckReverse);
        for (int i = 0; i < flows; i++) {
            String sender = "s" + i;
            String receiver = "r" + i;
            network.addHost(sender, senderAddress(i), senders.apply(i));
            network.addHost(receiver, receiverAddress(i), receivers.apply(i));
            LinkParams senderAccess = flowDelays[i] < 0 ? access : access.copy().setDelayNanos(flowDelays[i]);
            network.connect(sender, "left", senderAccess, senderAccess);
            network.connect("right", receiver, access, access);
        }
        return network;
    }

    private static byte[] address(int subnet, int flow) {
        int index = flow + 1;
        return new byte[] {10, (byte) subnet, (byte) (index >>> 8), (byte) index};
    }
}
