package io.tcplab.tools.emu;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.PacketSummary;

/**
 * Exact destination address → outgoing link, with an optional default. Addresses are kept as
 * 128-bit keys (IPv4 as its IPv4-mapped IPv6 form) in an open-addressing table, so a lookup
 * reads the destination straight from the packet and allocates nothing.
 */
final class RoutingTable {
    private static final long IPV4_MAPPED = 0xFFFF_0000_0000L;

    private long[] his = new long[16];
    private long[] los = new long[16];
    private Link[] links = new Link[16];
    private int size;
    private Link defaultLink;

    void put(byte[] address, Link link) {
        long hi = hi(address);
        long lo = lo(address);
        if (2 * (size + 1) > links.length) {
            rehash(links.length * 2);
        }
        int slot = slot(hi, lo);
        if (links[slot] == null) {
            size++;
        }
        his[slot] = hi;
        los[slot] = lo;
        links[slot] = link;
    }

    void setDefault(Link link) {
        defaultLink = link;
    }

    void clear() {
        java.util.Arrays.fill(links, null);
        size = 0;
        defaultLink = null;
    }

    /**
     * The link toward the packet's destination, or null if there is none or it is not IP; from
     * its {@link PacketSummary} when that holds an IPv4 destination, without reading the packet.
     */
    Link lookup(ByteBuf packet, long summary) {
        if (PacketSummary.hasIpv4Destination(summary)) {
            Link link = links[slot(0, IPV4_MAPPED | PacketSummary.ipv4Destination(summary))];
            return link != null ? link : defaultLink;
        }
        return lookup(packet);
    }

    /** The link toward the packet's destination, or null if there is none or it is not IP. */
    Link lookup(ByteBuf packet) {
        int at = packet.readerIndex();
        int length = packet.readableBytes();
        if (length < 1) {
            return null;
        }
        int version = packet.getUnsignedByte(at) >> 4;
        long hi;
        long lo;
        if (version == 4 && length >= 20) {
            hi = 0;
            lo = IPV4_MAPPED | packet.getUnsignedInt(at + 16);
        } else if (version == 6 && length >= 40) {
            hi = packet.getLong(at + 24);
            lo = packet.getLong(at + 32);
        } else {
            return null;
        }
        Link link = links[slot(hi, lo)];
        return link != null ? link : defaultLink;
    }

    /** The slot holding (hi, lo), or the empty slot where it would go. */
    private int slot(long hi, long lo) {
        int mask = links.length - 1;
        int slot = (int) mix(hi * 31 + lo) & mask;
        while (links[slot] != null && (his[slot] != hi || los[slot] != lo)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        return z ^ (z >>> 33);
    }

    private void rehash(int capacity) {
        long[] oldHis = his;
        long[] oldLos = los;
        Link[] oldLinks = links;
        his = new long[capacity];
        los = new long[capacity];
        links = new Link[capacity];
        for (int i = 0; i < oldLinks.length; i++) {
            if (oldLinks[i] != null) {
                int slot = slot(oldHis[i], oldLos[i]);
                his[slot] = oldHis[i];
                los[slot] = oldLos[i];
                links[slot] = oldLinks[i];
            }
        }
    }

    static long hi(byte[] address) {
        return address.length == 4 ? 0 : bigEndian(address, 0);
    }

    static long lo(byte[] address) {
        return address.length == 4 ? IPV4_MAPPED | (bigEndian(address, 0) >>> 32) : bigEndian(address, 8);
    }

    static void checkAddress(byte[] address) {
        if (address == null || (address.length != 4 && address.length != 16)) {
            throw new IllegalArgumentException("an address has 4 (IPv4) or 16 (IPv6) bytes, not "
                    + (address == null ? "null" : address.length));
        }
    }

    private static long bigEndian(byte[] bytes, int from) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            int index = from + i;
            v = (v << 8) | (index < bytes.length ? bytes[index] & 0xFF : 0);
        }
        return v;
    }
}
