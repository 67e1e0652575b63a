package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;

/**
 * Reusable flyweight view of a TCP header (RFC 9293 §3.1) inside a wrapped {@link IpPacket}.
 * {@link #wrap} copies the header with its options out of the buffer in one access (each ByteBuf
 * access pays its bounds and liveness checks, see {@link BigEndian}) and reads the fixed 20 bytes
 * as three words; getters return them, and {@link TcpOptions#parse(TcpHeader)} reads the options
 * from the same copy. They are meaningful only after {@code wrap} returned null, and only while
 * the buffer is unchanged.
 */
public final class TcpHeader {
    public static final int FIN = 1;
    public static final int SYN = 2;
    public static final int RST = 4;
    public static final int PSH = 8;
    public static final int ACK = 16;
    public static final int URG = 32;
    /** ECN-Echo (RFC 3168 §6.1). */
    public static final int ECE = 64;
    /** Congestion Window Reduced (RFC 3168 §6.1). */
    public static final int CWR = 128;
    /**
     * Accurate ECN (RFC 9768 §3.1.1), the former NS bit: the last bit of header byte 12, so one
     * above CWR in {@link #flags()}. With ECE and CWR it negotiates AccECN on a SYN and forms the
     * ACE counter afterwards (§3.2.2).
     */
    public static final int AE = 256;
    /** AE, CWR and ECE: the three bits of the ACE field (RFC 9768 §3.2.2), AE the most significant. */
    public static final int ACE_MASK = AE | CWR | ECE;

    static final int MIN_LENGTH = 20;
    /** RFC 9293 §3.1: the data offset counts at most 15 words. */
    static final int MAX_LENGTH = 60;

    private ByteBuf buf;
    /** The header as copied by {@link #wrap}; its first {@link #headerLength} bytes are the packet's. */
    final byte[] header = new byte[MAX_LENGTH];
    private int offset;
    private int headerLength;
    private int segmentLength;
    /** The fixed header's three words as read by {@link #wrap}: the getters take their fields from them. */
    private long portsSeq;
    private long ackOffsetFlagsWindow;
    private int checksumUrgent;
    private boolean verifyChecksum = true;
    private boolean virtualPayload;

    /** Skipping verification is for callers that trust the source (e.g. an emulator without corruption). */
    public void setVerifyChecksum(boolean verify) {
        this.verifyChecksum = verify;
    }

    /**
     * Payload-free segments (see {@link SegmentWriter#setVirtualPayload}): the header must be in
     * the buffer, the payload need not; there is no checksum, and a non-zero checksum field is the
     * emulated wire's corruption flag, dropped as {@link DropReason#BAD_TCP_CHECKSUM}.
     */
    public void setVirtualPayload(boolean on) {
        this.virtualPayload = on;
    }

    public boolean verifiesChecksum() {
        return verifyChecksum;
    }

    /** Validates the TCP header of a packet that {@link IpPacket#wrap} accepted; null when OK. */
    public DropReason wrap(IpPacket ip) {
        return wrap(ip, verifyChecksum);
    }

    /**
     * {@link #wrap} for a packet whose TCP checksum its source computed or verified already (a TUN
     * device's offloads): the checksum is not summed again.
     */
    public DropReason wrapChecksummed(IpPacket ip) {
        return wrap(ip, false);
    }

    private DropReason wrap(IpPacket ip, boolean verify) {
        buf = ip.buffer();
        offset = ip.transportOffset();
        segmentLength = ip.transportLength();
        // with a virtual payload the segment length is counted, not present: the header must be
        if (segmentLength < MIN_LENGTH || (virtualPayload && offset + MIN_LENGTH > buf.writerIndex())) {
            return DropReason.TRUNCATED_TCP;
        }
        readFixedHeader();
        if (headerLength < MIN_LENGTH || headerLength > segmentLength) {
            return DropReason.BAD_DATA_OFFSET;
        }
        if (virtualPayload) {
            if (offset + headerLength > buf.writerIndex()) {
                return DropReason.TRUNCATED_TCP;
            }
            if (checksumUrgent >>> 16 != 0) {
                return DropReason.BAD_TCP_CHECKSUM;
            }
        } else if (verify && !Checksum.tcpChecksumOk(ip)) {
            return DropReason.BAD_TCP_CHECKSUM;
        }
        return legalFlags(flags()) ? null : DropReason.ILLEGAL_FLAGS;
    }

    /**
     * RFC 9293 §3.1's fixed header: ports and SEQ, ACK and data offset, flags and window, checksum
     * and urgent pointer. Copies up to {@link #MAX_LENGTH} bytes, all the header can be; wrap's
     * checks then make sure the data offset lies within the bytes that were there.
     */
    private void readFixedHeader() {
        buf.getBytes(offset, header, 0, Math.min(MAX_LENGTH, buf.writerIndex() - offset));
        portsSeq = BigEndian.i64(header, 0);
        ackOffsetFlagsWindow = BigEndian.i64(header, 8);
        checksumUrgent = BigEndian.i32(header, 16);
        headerLength = ((int) (ackOffsetFlagsWindow >>> 28) & 0x0f) * 4;
    }

    /**
     * RFC 9293 §3.10.7: no state accepts these, so dropping them early is equivalent and
     * keeps probes (e.g. "Xmas" scans) away from connection lookup. SYN+FIN and SYN+RST have
     * no meaning (a SYN opens, FIN/RST close); a segment with none of SYN, RST, ACK is dropped
     * in LISTEN and SYN-SENT (§3.10.7.2/3: "drop the segment") and in every synchronized state
     * ("if the ACK bit is off, drop the segment and return", §3.10.7.4 fifth check).
     */
    private static boolean legalFlags(int flags) {
        if ((flags & SYN) != 0 && (flags & (FIN | RST)) != 0) {
            return false;
        }
        return (flags & (SYN | ACK | RST)) != 0;
    }

    public int srcPort() {
        return (int) (portsSeq >>> 48);
    }

    public int dstPort() {
        return (int) (portsSeq >>> 32) & 0xffff;
    }

    /** Raw 32-bit sequence number; compare with modular arithmetic. */
    public int seq() {
        return (int) portsSeq;
    }

    /** Raw 32-bit acknowledgment number. */
    public int ack() {
        return (int) (ackOffsetFlagsWindow >>> 32);
    }

    /** The nine flag bits AE..FIN as a bit set of the constants above. */
    public int flags() {
        return (int) (ackOffsetFlagsWindow >>> 16) & 0x1ff;
    }

    /** The ACE field (RFC 9768 §3.2.2): (AE,CWR,ECE) read as a 3-bit number, AE the most significant. */
    public static int ace(int flags) {
        return (flags & ACE_MASK) >> 6; // AE, CWR, ECE are bits 8, 7, 6
    }

    /** The flag bits that carry {@code ace} (0..7) in the ACE field. */
    public static int aceFlags(int ace) {
        return (ace & 7) << 6;
    }

    public boolean has(int flag) {
        return (flags() & flag) != 0;
    }

    /** Unscaled window field, 0..65535. */
    public int window() {
        return (int) ackOffsetFlagsWindow & 0xffff;
    }

    public int urgentPointer() {
        return checksumUrgent & 0xffff;
    }

    /** Absolute index of the first option byte. */
    public int optionsOffset() {
        return offset + MIN_LENGTH;
    }

    public int optionsLength() {
        return headerLength - MIN_LENGTH;
    }

    /** Absolute index of the first data byte. */
    public int payloadOffset() {
        return offset + headerLength;
    }

    public int payloadLength() {
        return segmentLength - headerLength;
    }

    public ByteBuf buffer() {
        return buf;
    }
}
