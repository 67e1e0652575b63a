package io.tcplab.tools.packetdrill;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.wire.Checksum;

/** Recomputes the TCP checksum of a packet whose TCP header was edited after writing. */
final class Checksums {
    private Checksums() {
    }

    static ByteBuf refresh(ByteBuf packet, int ipHeaderLength) {
        int ip = packet.readerIndex();
        int tcp = ip + ipHeaderLength;
        int tcpLength = packet.writerIndex() - tcp;
        packet.setShort(tcp + 16, 0);
        int pseudo = ipHeaderLength == 20
                ? Checksum.pseudoHeaderV4(packet, ip, tcpLength)
                : Checksum.pseudoHeaderV6(packet, ip, tcpLength);
        packet.setShort(tcp + 16, Checksum.fold(Checksum.sum(packet, tcp, tcpLength, pseudo)));
        return packet;
    }
}
