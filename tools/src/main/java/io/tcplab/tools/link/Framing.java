package io.tcplab.tools.link;

/**
 * The link layer's bytes around each IP packet, which take transmitter time but carry nothing
 * a flow counts. {@code none} (the default) serializes the IP packet alone, as a rate limiter
 * that shapes IP bytes does; {@code ethernet} adds what an IEEE 802.3 frame costs on the wire:
 * the 14-byte MAC header, the 4-byte FCS, the 8-byte preamble and start delimiter and the 12-byte
 * (96 bit-time) inter-packet gap — 38 bytes, so a 1500-byte packet takes 1538 bytes of line rate.
 * (The minimum frame size is not modelled: TCP's smallest packets, 40-byte pure ACKs, would be
 * padded to a 46-byte payload, 6 bytes more.)
 */
public enum Framing {
    NONE("none", 0),
    ETHERNET("ethernet", 14 + 4 + 8 + 12);

    private final String label;
    private final int overheadBytes;

    Framing(String label, int overheadBytes) {
        this.label = label;
        this.overheadBytes = overheadBytes;
    }

    /** Bytes the link layer adds to every packet on the wire. */
    public int overheadBytes() {
        return overheadBytes;
    }

    public static Framing parse(String value) {
        for (Framing f : values()) {
            if (f.label.equals(value)) {
                return f;
            }
        }
        throw new IllegalArgumentException("bad framing '" + value + "': expected none or ethernet");
    }

    @Override
    public String toString() {
        return label;
    }
}
