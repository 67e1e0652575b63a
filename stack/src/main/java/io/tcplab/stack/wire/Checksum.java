package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Internet checksum (RFC 1071): one's-complement sum of 16-bit big-endian words.
 *
 * <p>Partial sums are carried as 32-bit one's-complement values (end-around carry at bit 32).
 * Because 2^32 - 1 is a multiple of 2^16 - 1, folding such a value to 16 bits gives the same
 * result as summing 16-bit words directly (RFC 1071 §2(B), "byte order independence" and
 * "parallel summation"), so partial sums over pieces starting at even offsets may be chained
 * through {@code initial}.
 */
public final class Checksum {
    private static final int PROTOCOL_TCP = 6;
    // RFC 1071 §2(B): the sum is byte-order independent, so words are summed in the machine's
    // own order (no byte swap per word) and the 16-bit result is swapped once at the end.
    private static final VarHandle LONGS_NATIVE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle BUFFER_LONGS_NATIVE =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long LOW32 = 0xffffffffL;

    private Checksum() {}

    /**
     * Adds {@code length} bytes of {@code buf} from absolute {@code offset} to the partial sum
     * {@code initial}. An odd trailing byte is padded with a zero byte (RFC 1071 §1). The piece
     * must start at an even distance from the start of the checksummed data.
     */
    public static int sum(ByteBuf buf, int offset, int length, int initial) {
        if (offset < 0 || length < 0 || offset > buf.capacity() - length) {
            throw new IndexOutOfBoundsException("checksum range " + offset + "+" + length + " outside " + buf.capacity());
        }
        // Whole 8-byte words go through the backing memory directly: ByteBuf.getLong checks
        // bounds and the reference count on every call, which costs more than the addition.
        int longBytes = length & ~7;
        long acc = initial & 0xffffffffL;
        if (buf.hasArray()) {
            acc += sumLongs(buf.array(), buf.arrayOffset() + offset, longBytes);
        } else if (buf.nioBufferCount() == 1) {
            ByteBuffer nio = buf.internalNioBuffer(offset, longBytes);
            acc += sumLongs(nio, nio.position(), longBytes);
        } else {
            acc += sumLongs(buf, offset, longBytes);
        }
        return foldTo32(acc + sumTail(buf, offset + longBytes, length - longBytes));
    }

    // Each 8-byte word adds as two 32-bit words; a long holds ~4 GB of them. The plain loop is
    // the one the JIT strips of bounds checks (an unrolled two-accumulator form ran 3x slower).
    private static long sumLongs(byte[] array, int from, int length) {
        long acc = 0;
        for (int i = from, end = from + length; i < end; i += 8) {
            long v = (long) LONGS_NATIVE.get(array, i);
            acc += (v >>> 32) + (v & LOW32);
        }
        return toNetworkOrder(acc);
    }

    /** A one's-complement sum of machine-order words, as the sum of the same words in network order. */
    private static long toNetworkOrder(long acc) {
        if (!LITTLE_ENDIAN) {
            return acc;
        }
        int s = foldTo32(acc);
        s = (s >>> 16) + (s & 0xffff);
        s = (s >>> 16) + (s & 0xffff);
        return Integer.reverseBytes(s) >>> 16;
    }

    // Direct buffers: the same machine-order loop through a view VarHandle (ByteBuffer.getLong
    // converts to big-endian on every call, which made it the hottest line of the receive path).
    private static long sumLongs(ByteBuffer nio, int from, int length) {
        long acc = 0;
        for (int i = from, end = from + length; i < end; i += 8) {
            long v = (long) BUFFER_LONGS_NATIVE.get(nio, i);
            acc += (v >>> 32) + (v & LOW32);
        }
        return toNetworkOrder(acc);
    }

    /** For buffers without a single backing memory region, e.g. composites. */
    private static long sumLongs(ByteBuf buf, int from, int length) {
        long acc = 0;
        for (int i = from, end = from + length; i < end; i += 8) {
            long v = buf.getLong(i);
            acc += (v >>> 32) + (v & 0xffffffffL);
        }
        return acc;
    }

    /** The last 0..7 bytes. */
    private static long sumTail(ByteBuf buf, int at, int length) {
        long acc = 0;
        if (length >= 4) {
            acc += buf.getUnsignedInt(at);
            at += 4;
            length -= 4;
        }
        if (length >= 2) {
            acc += buf.getUnsignedShort(at);
            at += 2;
            length -= 2;
        }
        if (length == 1) {
            acc += buf.getUnsignedByte(at) << 8;
        }
        return acc;
    }

    /** Folds a partial sum to 16 bits and complements it: the value to put in a checksum field. */
    public static short fold(int sum) {
        int s = (sum >>> 16) + (sum & 0xffff);
        s = (s >>> 16) + (s & 0xffff);
        return (short) ~s;
    }

    /**
     * What a checksum field holds for a device to complete ({@code CHECKSUM_PARTIAL}, virtio-net's
     * {@code NEEDS_CSUM}): the pseudo-header sum folded to 16 bits, not complemented. The device sums
     * from the transport header to the end over it and stores the complement.
     */
    public static short partial(int pseudoHeaderSum) {
        return (short) ~fold(pseudoHeaderSum);
    }

    /**
     * Partial sum of the IPv4 TCP pseudo header (RFC 9293 §3.1): source and destination
     * address read from the IPv4 header at {@code ipOffset}, zero, protocol 6, TCP length.
     */
    public static int pseudoHeaderV4(ByteBuf ip, int ipOffset, int tcpLength) {
        long acc = ip.getUnsignedInt(ipOffset + 12) + ip.getUnsignedInt(ipOffset + 16);
        acc += PROTOCOL_TCP + (tcpLength & 0xffffL);
        return foldTo32(acc);
    }

    /**
     * Partial sum of the IPv6 upper-layer pseudo header (RFC 8200 §8.1): source and
     * destination address read from the IPv6 header at {@code ipOffset}, 32-bit upper-layer
     * length, next header 6.
     */
    public static int pseudoHeaderV6(ByteBuf ip, int ipOffset, int tcpLength) {
        return pseudoHeaderV6(ip, ipOffset, tcpLength, PROTOCOL_TCP);
    }

    /** As {@link #pseudoHeaderV6(ByteBuf, int, int)} for another upper layer, e.g. ICMPv6 (58, RFC 4443 §2.3). */
    public static int pseudoHeaderV6(ByteBuf ip, int ipOffset, int upperLayerLength, int nextHeader) {
        int addresses = sum(ip, ipOffset + 8, 32, 0);
        long acc = (addresses & 0xffffffffL) + nextHeader + (upperLayerLength & 0xffffffffL);
        return foldTo32(acc);
    }

    /** Partial sum of the pseudo header matching the wrapped packet's IP version. */
    public static int pseudoHeader(IpPacket ip) {
        return ip.version() == 4
                ? pseudoHeaderV4(ip.buffer(), ip.headerOffset(), ip.transportLength())
                : pseudoHeaderV6(ip.buffer(), ip.headerOffset(), ip.transportLength());
    }

    /** True when the TCP checksum of a successfully wrapped packet verifies. */
    public static boolean tcpChecksumOk(IpPacket ip) {
        int s = sum(ip.buffer(), ip.transportOffset(), ip.transportLength(), pseudoHeader(ip));
        // Data including a correct checksum sums to 0xffff, whose complement is zero.
        return fold(s) == 0;
    }

    private static int foldTo32(long acc) {
        acc = (acc >>> 32) + (acc & 0xffffffffL);
        acc = (acc >>> 32) + (acc & 0xffffffffL);
        return (int) acc;
    }
}
