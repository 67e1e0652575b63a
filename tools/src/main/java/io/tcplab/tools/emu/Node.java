package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkOutput;
import io.tcplab.tools.link.PacketSummary;
import io.tcplab.tools.link.PacketPool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A place in the network: the far end of its incoming links and the near end of its outgoing
 * ones, which it picks by destination address. A packet arriving over a link is an event for
 * the node at the packet's arrival time; the node gives the buffer back to the pool afterwards.
 */
public abstract class Node implements EventHandler, LinkOutput {
    private final String name;
    private final Network network;
    final Scheduler scheduler;
    private final PacketPool pool;
    final RoutingTable routes = new RoutingTable();
    final List<Link> outgoing = new ArrayList<>();
    private long noRoute;

    Node(String name, Network network) {
        this.name = name;
        this.network = network;
        this.scheduler = network.scheduler();
        this.pool = network.pool();
    }

    public String name() {
        return name;
    }

    public List<Link> outgoingLinks() {
        return Collections.unmodifiableList(outgoing);
    }

    /** Packets this node dropped because no route (and no default) matched their destination. */
    public long noRoutePackets() {
        return noRoute;
    }

    /** Sends a packet toward its destination; the packet is only read, during the call. */
    final void forward(ByteBuf packet) {
        network.ensureRoutes();
        long summary = PacketSummary.of(packet); // read now, while the packet is in the cache
        Link link = routes.lookup(packet, summary);
        if (link == null) {
            noRoute++;
            return;
        }
        link.offer(scheduler.now(), packet, summary);
    }

    /** Sends a pooled packet toward its destination, handing the buffer itself over (no copy). */
    final void forwardOwned(long nowNanos, ByteBuf packet, long summary) {
        network.ensureRoutes();
        Link link = routes.lookup(packet, summary);
        if (link == null) {
            noRoute++;
            pool.release(packet);
            return;
        }
        link.offerOwned(nowNanos, packet, summary);
    }

    @Override
    public final void carry(ByteBuf copy, long departNanos, long arrivalNanos) {
        scheduler.schedule(arrivalNanos, this, copy);
    }

    @Override
    public final void onEvent(long nowNanos, Object arg) {
        if (arg == null) {
            onTimer(nowNanos);
            return;
        }
        receive(nowNanos, (ByteBuf) arg, PacketSummary.NONE);
    }

    /**
     * A pooled packet arrived, with its {@link PacketSummary} or {@link PacketSummary#NONE}: the
     * node owns it and gives it back to the pool (or hands it on).
     */
    void receive(long nowNanos, ByteBuf packet, long summary) {
        try {
            onPacket(nowNanos, packet);
        } finally {
            pool.release(packet);
        }
    }

    /** A packet arrived; it is only valid during the call. */
    abstract void onPacket(long nowNanos, ByteBuf packet);

    /** A timer event the node scheduled for itself (with a null argument) came due. */
    abstract void onTimer(long nowNanos);

    @Override
    public String toString() {
        return name;
    }
}
