package io.tcplab.tun;

import io.netty.buffer.ByteBuf;

/**
 * The {@code struct virtio_net_hdr} (linux/virtio_net.h) that starts every read and write of a
 * TUN device opened with {@code IFF_VNET_HDR}: ten bytes, {@code u8 flags, u8 gso_type, u16
 * hdr_len, u16 gso_size, u16 csum_start, u16 csum_offset}. TUN uses the legacy virtio byte order,
 * the host's, which is little-endian on every platform this bridge supports (x86-64, arm64).
 *
 * <p>A mutable holder, reused so that decoding allocates nothing.
 */
public final class VirtioNetHeader {
    /** sizeof(struct virtio_net_hdr): TUN's default header size (TUNSETVNETHDRSZ not called). */
    public static final int LENGTH = 10;
    /** The checksum from {@link #csumStart} to the end is to be completed (CHECKSUM_PARTIAL). */
    public static final int F_NEEDS_CSUM = 1;
    /** The checksum was already validated (CHECKSUM_UNNECESSARY). */
    public static final int F_DATA_VALID = 2;
    public static final int GSO_NONE = 0;
    public static final int GSO_TCPV4 = 1;
    public static final int GSO_UDP = 3;
    public static final int GSO_TCPV6 = 4;
    public static final int GSO_UDP_L4 = 5;
    /** Or'ed into gso_type: the first segment carries CWR (SKB_GSO_TCP_ECN). */
    public static final int GSO_ECN = 0x80;

    public int flags;
    public int gsoType;
    /** Bytes of headers (IP + TCP) in front of the payload, for GSO. */
    public int hdrLen;
    /** Payload bytes per segment the super-segment is cut into. */
    public int gsoSize;
    /** Where the checksummed range starts (the TCP header), from the IP header. */
    public int csumStart;
    /** Where in that range the checksum field is (16 for TCP). */
    public int csumOffset;

    /** Reads the header at absolute {@code index} of {@code buf}. */
    public VirtioNetHeader decode(ByteBuf buf, int index) {
        flags = buf.getUnsignedByte(index);
        gsoType = buf.getUnsignedByte(index + 1);
        hdrLen = buf.getUnsignedShortLE(index + 2);
        gsoSize = buf.getUnsignedShortLE(index + 4);
        csumStart = buf.getUnsignedShortLE(index + 6);
        csumOffset = buf.getUnsignedShortLE(index + 8);
        return this;
    }

    /** Writes the header at absolute {@code index} of {@code buf}. */
    public void encode(ByteBuf buf, int index) {
        buf.setByte(index, flags);
        buf.setByte(index + 1, gsoType);
        buf.setShortLE(index + 2, hdrLen);
        buf.setShortLE(index + 4, gsoSize);
        buf.setShortLE(index + 6, csumStart);
        buf.setShortLE(index + 8, csumOffset);
    }

    /** An all-zero header: one whole packet with its checksums complete. */
    public VirtioNetHeader none() {
        flags = gsoType = hdrLen = gsoSize = csumStart = csumOffset = 0;
        return this;
    }

    /** One whole TCP packet whose checksum, from the TCP header at {@code ipHeaderLength}, is partial. */
    public VirtioNetHeader tcpChecksumPartial(int ipHeaderLength) {
        none();
        flags = F_NEEDS_CSUM;
        csumStart = ipHeaderLength;
        csumOffset = 16; // the TCP checksum field (RFC 9293 §3.1)
        return this;
    }

    /** A TCP super-segment for the kernel to cut into {@code gsoSize}-byte segments (checksum partial). */
    public VirtioNetHeader tcpSegmentation(boolean ipv6, int ipHeaderLength, int tcpHeaderLength, int gsoSize) {
        flags = F_NEEDS_CSUM;
        gsoType = ipv6 ? GSO_TCPV6 : GSO_TCPV4;
        hdrLen = ipHeaderLength + tcpHeaderLength;
        this.gsoSize = gsoSize;
        csumStart = ipHeaderLength;
        csumOffset = 16; // the TCP checksum field (RFC 9293 §3.1)
        return this;
    }

    @Override
    public String toString() {
        return "virtio_net_hdr[flags " + flags + ", gso_type 0x" + Integer.toHexString(gsoType) + ", hdr_len " + hdrLen
                + ", gso_size " + gsoSize + ", csum_start " + csumStart + ", csum_offset " + csumOffset + "]";
    }
}
