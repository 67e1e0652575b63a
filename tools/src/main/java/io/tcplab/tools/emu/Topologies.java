package io.tcplab.tools.emu;

import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.LinkParams;
import java.util.function.Function;

/** Ready-made networks. The addresses are labels inside the emulator only. */
public final class Topologies {
    private Topologies() {
    }

    /** Host "a" is 10.0.0.1. */
    public static byte[] addressA() {
        return new byte[] {10, 0, 0, 1};
    }

    /** Host "b" is 10.0.0.2. */
    public static byte[] addressB() {
        return new byte[] {10, 0, 0, 2};
    }

    /** Hosts "a" and "b" joined by link "forward" (a→b) and link "reverse" (b→a). */
    public static Network twoHosts(long seed, LinkParams forward, LinkParams reverse,
                                   Function<PacketSink, EmulatedHost> factoryA,
                                   Function<PacketSink, EmulatedHost> factoryB) {
        Network network = new Network(seed);
        network.addHost("a", addressA(), factoryA);
        network.addHost("b", addressB(), factoryB);
        network.connect("a", "b", "forward", forward, "reverse", reverse);
        return network;
    }

    /** Starts a dumbbell of {@code flows} sender/receiver pairs; see {@link Dumbbell}. */
    public static Dumbbell dumbbell(long seed, int flows) {
        return new Dumbbell(seed, flows);
    }
}
