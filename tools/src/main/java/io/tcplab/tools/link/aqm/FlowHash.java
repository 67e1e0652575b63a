package io.tcplab.tools.link.aqm;

import io.netty.buffer.ByteBuf;

/**
 * Which of {@code n} flow queues a packet goes to (RFC 8290 §4.1): a hash of its 5-tuple
 * (addresses, protocol, and ports for TCP, UDP, SCTP and DCCP) mixed with a random perturbation,
 * so which flows share a queue is unpredictable from outside but fixed for the run (the
 * perturbation comes from the link's seed). Packets that are not IP all hash alike.
 */
final class FlowHash {
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int DCCP = 33;
    private static final int SCTP = 132;

    private FlowHash() {
    }

    static int queue(ByteBuf p, long perturbation, int n) {
        long h = mix(perturbation);
        int at = p.readerIndex();
        int present = p.readableBytes();
        int version = present > 0 ? p.getUnsignedByte(at) >> 4 : 0;
        if (version == 4 && present >= 20) {
            int protocol = p.getUnsignedByte(at + 9);
            h = mix(h ^ p.getUnsignedInt(at + 12));
            h = mix(h ^ p.getUnsignedInt(at + 16) ^ (long) protocol << 32);
            h = ports(h, p, at + (p.getUnsignedByte(at) & 0x0f) * 4, protocol);
        } else if (version == 6 && present >= 40) {
            int protocol = p.getUnsignedByte(at + 6);
            for (int i = 8; i < 40; i += 8) {
                h = mix(h ^ p.getLong(at + i));
            }
            h = mix(h ^ protocol);
            h = ports(h, p, at + 40, protocol);
        }
        return (int) (((h >>> 32) * n) >>> 32); // a multiply-shift, as Linux's reciprocal_scale()
    }

    private static long ports(long h, ByteBuf p, int at, int protocol) {
        boolean hasPorts = protocol == TCP || protocol == UDP || protocol == DCCP || protocol == SCTP;
        return hasPorts && at + 4 <= p.writerIndex() ? mix(h ^ p.getUnsignedInt(at)) : h;
    }

    /** The SplitMix64 finalizer. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
