package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.TestPackets;
import java.util.ArrayList;
import java.util.List;

/** A host that sends what the test tells it to and records every arrival with its time. */
final class RecordingHost implements EmulatedHost {
    record Arrival(long time, int seq) {
    }

    private final PacketSink sink;
    final List<Arrival> arrivals = new ArrayList<>();

    RecordingHost(PacketSink sink) {
        this.sink = sink;
    }

    static RecordingHost of(Network network, String host) {
        return (RecordingHost) network.host(host).host();
    }

    void send(ByteBuf packet) {
        sink.send(packet);
        packet.release();
    }

    List<Integer> seqs() {
        return arrivals.stream().map(Arrival::seq).toList();
    }

    @Override
    public void receive(long nowNanos, ByteBuf ipPacket) {
        arrivals.add(new Arrival(nowNanos, TestPackets.seq(ipPacket)));
    }

    @Override
    public void poll(long nowNanos) {
    }

    @Override
    public long nextDeadline() {
        return Long.MAX_VALUE;
    }
}
