package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.IpPackets;
import java.util.List;
import java.util.function.Function;

/**
 * A node that runs one {@link EmulatedHost}. Packets the host emits leave on the outgoing link
 * toward their destination. After every call into the host the node makes sure one timer event
 * is pending at the host's next deadline; timer events are lazy, so one that comes due when the
 * host has nothing due (its deadline moved later) only re-arms.
 */
public final class HostNode extends Node {
    private final List<byte[]> addresses;
    private final EmulatedHost host;
    private long armedAt = Long.MAX_VALUE;
    private long ceReceived;

    HostNode(String name, List<byte[]> addresses, Function<PacketSink, EmulatedHost> factory, Network network) {
        super(name, network);
        this.addresses = addresses.stream().map(byte[]::clone).toList();
        this.host = factory.apply(this::forward);
        rearm();
    }

    public EmulatedHost host() {
        return host;
    }

    /** The host's addresses (4 or 16 bytes each); copies. */
    public List<byte[]> addresses() {
        return addresses.stream().map(byte[]::clone).toList();
    }

    /** Call after driving the host from outside an event of this node (an application call). */
    public void afterExternalCall() {
        rearm();
    }

    /** Runs {@code action} (typically an application call on the host) at {@code timeNanos}, then re-arms. */
    public void at(long timeNanos, Runnable action) {
        scheduler.at(timeNanos, () -> {
            action.run();
            rearm();
        });
    }

    /** Packets that reached this host marked CE: the congestion marks its flows' data met on the way. */
    public long ceReceived() {
        return ceReceived;
    }

    @Override
    void onPacket(long nowNanos, ByteBuf packet) {
        if (IpPackets.isCe(packet)) {
            ceReceived++;
        }
        host.receive(nowNanos, packet);
        rearm();
    }

    @Override
    void onTimer(long nowNanos) {
        if (nowNanos == armedAt) {
            armedAt = Long.MAX_VALUE;
        }
        if (host.nextDeadline() <= nowNanos) {
            host.poll(nowNanos);
        }
        rearm();
    }

    private void rearm() {
        long deadline = Math.max(host.nextDeadline(), scheduler.now());
        if (deadline < armedAt) {
            armedAt = deadline;
            scheduler.schedule(deadline, this, null);
        }
    }

    List<byte[]> addressesView() {
        return addresses;
    }
}
