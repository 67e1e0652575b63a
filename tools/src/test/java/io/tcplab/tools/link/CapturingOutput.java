package io.tcplab.tools.link;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.ArrayList;
import java.util.List;

/** Records what a link hands on, and gives the buffers straight back to the pool. */
final class CapturingOutput implements LinkOutput {
    record Carried(int seq, long depart, long arrival, byte[] bytes) {
    }

    final PacketPool pool = new PacketPool();
    final List<Carried> carried = new ArrayList<>();

    @Override
    public void carry(ByteBuf copy, long departNanos, long arrivalNanos) {
        carried.add(new Carried(TestPackets.seq(copy), departNanos, arrivalNanos, ByteBufUtil.getBytes(copy)));
        pool.release(copy);
    }

    Link link(String name, LinkParams params, long seed) {
        return new Link(name, params, seed, pool, this);
    }

    List<Integer> seqs() {
        return carried.stream().map(Carried::seq).toList();
    }
}
