package io.tcplab.stack.wire;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;

/**
 * Mutable, reusable holder of the TCP options this stack understands: parsed from a received
 * header or filled in to be written. One instance per direction is enough; nothing allocates
 * after construction.
 *
 * <p>Written layout (the same as Linux's {@code tcp_options_write}, so captures compare
 * byte for byte with kernel TCP), each piece present only when its option is set:
 * <pre>
 *   MSS:                    2,4,mss(2)                         RFC 9293 §3.2, RFC 6691
 *   SACK-permitted + TS:    4,2,8,10,tsval(4),tsecr(4)          RFC 2018 §2, RFC 7323 §3
 *   TS without SACK-perm.:  1,1,8,10,tsval(4),tsecr(4)
 *   SACK-perm. without TS:  1,1,4,2
 *   window scale:           1,3,3,shift                         RFC 7323 §2
 *   Fast Open:              34,2+n,cookie(n),NOP,NOP?           RFC 7413 §4.1.1, NOPs to a word
 *    (experimental form)    254,4+n,0xF9,0x89,cookie(n),NOP,NOP? RFC 6994, Linux's TCPOPT_FASTOPEN_MAGIC
 *   exact CE echo:          253,4,0xDC,0xEE                     RFC 6994 (tcplab's own, below)
 *   AccECN:                 172|174,2+3n,fields(3) x n,NOP...   RFC 9768 §3.2.3, NOPs to a word
 *   SACK blocks:            1,1,5,2+8n,(left(4),right(4)) x n   RFC 2018 §3
 * </pre>
 * A SYN thus carries {@code MSS, sackOK+TS, NOP+WS} (20 bytes) and a data segment
 * {@code NOP,NOP,TS, NOP,NOP,SACK}. Every piece is a multiple of 4 bytes, so no padding.
 *
 * <p>The exact-CE-echo option is a shared-use experimental option (RFC 6994: kind 253, a 16-bit
 * ExID) with the unregistered, lab-only ExID {@link #EXID_EXACT_CE_ECHO}: in a SYN it asks the
 * peer to echo CE exactly (RFC 8257 §3.2), in a SYN-ACK it agrees (docs/stack.md). It is 4 bytes,
 * so a SYN with it is 24. A kind-253 option with another ExID, or too short to hold one, belongs to
 * another experiment and is skipped; ours with a length other than 4 is ignored rather than
 * dropped, since an unregistered ExID is a magic number that may collide with someone else's.
 *
 * <p>The Fast Open option (RFC 7413 §4.1.1) carries a cookie of 4 to 16 bytes, or none: a cookie
 * request. Linux also reads and writes it in the shared experimental form (kind 254, ExID 0xF989)
 * that came before kind 34 was assigned; {@link #fastOpenExperimental()} says which form it was.
 * As Linux's {@code tcp_parse_fastopen_option} reads it, an option of odd cookie length is
 * skipped, and one of even length outside 4 to 16 (but 0) counts as absent; the last one wins.
 * It means something only on a SYN or SYN-ACK, which the connection checks.
 *
 * <p>The AccECN option (RFC 9768 §3.2.3, figure 4) carries up to three 24-bit byte counters:
 * AccECN0 (kind 172) in the order EE0B, ECEB, EE1B, AccECN1 (kind 174) in the reverse order EE1B,
 * ECEB, EE0B; its length (2, 5, 8 or 11) says how many fields lead (table 5). Of any other length
 * the whole 3-byte fields that fit are read and the rest is padding, as §3.2.3 asks.
 */
public final class TcpOptions {
    /** RFC 9293 §3.1: data offset is 4 bits of 32-bit words, 60 bytes minus the fixed 20. */
    public static final int MAX_LENGTH = 40;
    /** RFC 7323 §2.3: larger shifts are treated as 14. */
    public static final int MAX_WINDOW_SCALE = 14;
    /** Four blocks fill 34 of the 40 bytes (RFC 2018 §3). */
    public static final int MAX_SACK_BLOCKS = 4;

    /** The smallest shift that lets a 16-bit window field announce the whole buffer (RFC 7323 §2.3: at most 14). */
    public static int windowShiftFor(int receiveBufferBytes) {
        int shift = 0;
        while (shift < MAX_WINDOW_SCALE && (receiveBufferBytes >> shift) > 65535) {
            shift++;
        }
        return shift;
    }

    private static final int EOL = 0;
    private static final int NOP = 1;
    private static final int KIND_MSS = 2;
    private static final int KIND_WINDOW_SCALE = 3;
    private static final int KIND_SACK_PERMITTED = 4;
    private static final int KIND_SACK = 5;
    private static final int KIND_TIMESTAMPS = 8;
    /** RFC 6994 §3: the first shared experimental kind (RFC 4727 reserves 253 and 254 for experiments). */
    private static final int KIND_EXPERIMENTAL = 253;
    /** RFC 4727 §7.2: the second experimental kind, where Linux's older Fast Open option lives. */
    private static final int KIND_EXPERIMENTAL_2 = 254;
    /** RFC 7413 §4.1.1: the Fast Open option. */
    private static final int KIND_FAST_OPEN = 34;
    /** The ExID of the experimental Fast Open option (Linux TCPOPT_FASTOPEN_MAGIC, RFC 6994 §3). */
    public static final int EXID_FAST_OPEN = 0xF989;
    /** RFC 7413 §4.1.1: a cookie is 4 to 16 bytes. */
    public static final int MIN_FAST_OPEN_COOKIE = 4;
    public static final int MAX_FAST_OPEN_COOKIE = 16;
    /** Our ExID: "DC" for DCTCP, "EE" for exact echo. Not registered with IANA; see docs/stack.md. */
    public static final int EXID_EXACT_CE_ECHO = 0xDCEE;
    /** RFC 9768 §3.2.3: AccECN0 (fields EE0B, ECEB, EE1B) and AccECN1 (EE1B, ECEB, EE0B). */
    public static final int KIND_ACCECN0 = 172;
    public static final int KIND_ACCECN1 = 174;
    /** RFC 9768 §3.2.3: each field is the 24 least significant bits of its counter. */
    public static final int ACCECN_FIELD_MASK = 0xFFFFFF;
    private static final int ACCECN_FIELD_LENGTH = 3;

    private static final int LENGTH_MSS = 4;
    private static final int LENGTH_WINDOW_SCALE = 3;
    private static final int LENGTH_SACK_PERMITTED = 2;
    private static final int LENGTH_TIMESTAMPS = 10;
    private static final int LENGTH_EXACT_CE_ECHO = 4;
    private static final int SACK_BLOCK_LENGTH = 8;

    private static final int NOP_NOP = (NOP << 8) | NOP;
    /** NOP, NOP, kind 8, length 10: how Linux and this stack lead every timestamp option after the SYN. */
    private static final int ALIGNED_TIMESTAMP_LEAD = (NOP_NOP << 16) | (KIND_TIMESTAMPS << 8) | LENGTH_TIMESTAMPS;

    private int mss = -1;
    private int windowScale = -1;
    private boolean sackPermitted;
    private boolean hasTimestamps;
    private int tsVal;
    private int tsEcr;
    private boolean exactCeEcho;
    /** The Fast Open option's cookie length, 0 for a cookie request; -1 when absent. */
    private int fastOpenLength = -1;
    private boolean fastOpenExperimental;
    private final byte[] fastOpenCookie = new byte[MAX_FAST_OPEN_COOKIE];
    /** The AccECN option's kind (172 or 174), 0 when absent; its fields in wire order. */
    private int accEcnKind;
    private int accEcnFieldCount;
    private final int[] accEcnFields = new int[3];
    private int sackBlockCount;
    private final int[] sackEdges = new int[2 * MAX_SACK_BLOCKS];
    /** The options area copied out of a ByteBuf by {@link #parse(ByteBuf, int, int)}, or put together by {@link #write(ByteBuf, int)}. */
    private byte[] area = new byte[MAX_LENGTH];

    /**
     * Clears this holder, then reads the options area; null when well formed. On a non-null
     * result the holder keeps what was read before the bad option and should be ignored.
     */
    public DropReason parse(ByteBuf buf, int offset, int length) {
        if (length > area.length) {
            area = new byte[length]; // longer than a TCP header allows: only callers outside the stack
        }
        if (length > 0) {
            buf.getBytes(offset, area, 0, length);
        }
        return parse(area, 0, length);
    }

    /** As {@link #parse(ByteBuf, int, int)}, the options of a header {@link TcpHeader#wrap} accepted (read from its copy). */
    public DropReason parse(TcpHeader tcp) {
        return parse(tcp.header, TcpHeader.MIN_LENGTH, tcp.optionsLength());
    }

    private DropReason parse(byte[] buf, int offset, int length) {
        clear();
        int end = offset + length;
        int at = offset;
        while (at < end) {
            // the usual layout in one compare, as Linux's tcp_parse_aligned_timestamp: the same as
            // the byte-wise walk below makes of these 12 bytes
            if (at + 12 <= end && BigEndian.i32(buf, at) == ALIGNED_TIMESTAMP_LEAD) {
                hasTimestamps = true;
                tsVal = BigEndian.i32(buf, at + 4);
                tsEcr = BigEndian.i32(buf, at + 8);
                at += 12;
                continue;
            }
            int kind = BigEndian.u8(buf, at);
            if (kind == EOL) {
                return null;
            }
            if (kind == NOP) {
                at++;
                continue;
            }
            // RFC 9293 §3.2: be prepared for an illegal length; every other option has one.
            if (at + 1 >= end) {
                return DropReason.BAD_OPTION_LENGTH;
            }
            int optionLength = BigEndian.u8(buf, at + 1);
            if (optionLength < 2 || at + optionLength > end || !readOption(buf, at, kind, optionLength)) {
                return DropReason.BAD_OPTION_LENGTH;
            }
            at += optionLength;
        }
        return null;
    }

    /**
     * Reads one option whose bytes lie inside the area; false when its length is wrong for its
     * kind (checked before reading, so a short option never reads past the area). Unknown
     * kinds are skipped.
     */
    private boolean readOption(byte[] buf, int at, int kind, int length) {
        switch (kind) {
            case KIND_MSS:
                if (length != LENGTH_MSS) {
                    return false;
                }
                mss = BigEndian.u16(buf, at + 2);
                return true;
            case KIND_WINDOW_SCALE:
                if (length != LENGTH_WINDOW_SCALE) {
                    return false;
                }
                windowScale = Math.min(BigEndian.u8(buf, at + 2), MAX_WINDOW_SCALE);
                return true;
            case KIND_SACK_PERMITTED:
                sackPermitted = true;
                return length == LENGTH_SACK_PERMITTED;
            case KIND_TIMESTAMPS:
                if (length != LENGTH_TIMESTAMPS) {
                    return false;
                }
                hasTimestamps = true;
                tsVal = BigEndian.i32(buf, at + 2);
                tsEcr = BigEndian.i32(buf, at + 6);
                return true;
            case KIND_SACK:
                return readSackBlocks(buf, at, length);
            case KIND_ACCECN0, KIND_ACCECN1:
                accEcnKind = kind;
                accEcnFieldCount = Math.min(3, (length - 2) / ACCECN_FIELD_LENGTH); // §3.2.3: whole fields that fit
                for (int i = 0; i < accEcnFieldCount; i++) {
                    accEcnFields[i] = BigEndian.u8(buf, at + 2 + 3 * i) << 16 | BigEndian.u16(buf, at + 3 + 3 * i);
                }
                return true;
            case KIND_EXPERIMENTAL:
                if (length == LENGTH_EXACT_CE_ECHO && BigEndian.u16(buf, at + 2) == EXID_EXACT_CE_ECHO) {
                    exactCeEcho = true;
                }
                return true; // another experiment's, or ours malformed: skipped (see the class comment)
            case KIND_FAST_OPEN:
                readFastOpen(buf, at + 2, length - 2, false);
                return true;
            case KIND_EXPERIMENTAL_2:
                if (length >= 4 && BigEndian.u16(buf, at + 2) == EXID_FAST_OPEN) {
                    readFastOpen(buf, at + 4, length - 4, true);
                }
                return true; // another experiment's: skipped
            default:
                return true;
        }
    }

    /** Linux tcp_parse_fastopen_option: an odd length is skipped, an even one outside 0 or 4..16 is no option. */
    private void readFastOpen(byte[] buf, int at, int cookieLength, boolean experimental) {
        if ((cookieLength & 1) != 0) {
            return;
        }
        if (cookieLength != 0 && (cookieLength < MIN_FAST_OPEN_COOKIE || cookieLength > MAX_FAST_OPEN_COOKIE)) {
            fastOpenLength = -1;
            return;
        }
        System.arraycopy(buf, at, fastOpenCookie, 0, cookieLength);
        fastOpenLength = cookieLength;
        fastOpenExperimental = experimental;
    }

    private boolean readSackBlocks(byte[] buf, int at, int length) {
        int blocks = (length - 2) / SACK_BLOCK_LENGTH;
        if (blocks < 1 || blocks > MAX_SACK_BLOCKS || length != 2 + blocks * SACK_BLOCK_LENGTH) {
            return false;
        }
        for (int i = 0; i < blocks; i++) {
            int block = at + 2 + i * SACK_BLOCK_LENGTH;
            sackEdges[2 * i] = BigEndian.i32(buf, block);
            sackEdges[2 * i + 1] = BigEndian.i32(buf, block + 4);
        }
        sackBlockCount = blocks;
        return true;
    }

    /** Removes every option. */
    public void clear() {
        mss = -1;
        windowScale = -1;
        sackPermitted = false;
        hasTimestamps = false;
        tsVal = 0;
        tsEcr = 0;
        exactCeEcho = false;
        fastOpenLength = -1;
        fastOpenExperimental = false;
        accEcnKind = 0;
        accEcnFieldCount = 0;
        sackBlockCount = 0;
    }

    /** Maximum segment size in bytes, -1 when absent. */
    public int mss() {
        return mss;
    }

    /** Window scale shift 0..14, -1 when absent. */
    public int windowScale() {
        return windowScale;
    }

    public boolean sackPermitted() {
        return sackPermitted;
    }

    public boolean hasTimestamps() {
        return hasTimestamps;
    }

    /** Raw 32-bit TSval; meaningful when {@link #hasTimestamps()}. */
    public int tsVal() {
        return tsVal;
    }

    /** Raw 32-bit TSecr; meaningful when {@link #hasTimestamps()}. */
    public int tsEcr() {
        return tsEcr;
    }

    /** The exact-CE-echo experimental option (ExID {@link #EXID_EXACT_CE_ECHO}) is present. */
    public boolean exactCeEcho() {
        return exactCeEcho;
    }

    public int sackBlockCount() {
        return sackBlockCount;
    }

    /** The Fast Open option's cookie length (RFC 7413 §4.1.1): 0 for a cookie request, -1 when absent. */
    public int fastOpenLength() {
        return fastOpenLength;
    }

    /** The Fast Open option came in Linux's experimental form (kind 254, ExID {@link #EXID_FAST_OPEN}). */
    public boolean fastOpenExperimental() {
        return fastOpenExperimental;
    }

    /** Copies the Fast Open cookie ({@link #fastOpenLength()} bytes) into {@code dst} at {@code offset}. */
    public void copyFastOpenCookie(byte[] dst, int offset) {
        System.arraycopy(fastOpenCookie, 0, dst, offset, Math.max(0, fastOpenLength));
    }

    /**
     * Sets the Fast Open option: {@code length} bytes of {@code cookie} from {@code offset} (0 for a
     * cookie request, else 4 to 16, even), in the experimental form when {@code experimental}.
     */
    public void setFastOpen(byte[] cookie, int offset, int length, boolean experimental) {
        if (length != 0 && (length < MIN_FAST_OPEN_COOKIE || length > MAX_FAST_OPEN_COOKIE || (length & 1) != 0)) {
            throw new IllegalArgumentException("Fast Open cookie of " + length + " bytes (0, or 4 to 16 and even)");
        }
        System.arraycopy(cookie, offset, fastOpenCookie, 0, length);
        fastOpenLength = length;
        fastOpenExperimental = experimental;
        dropSackBlocksThatDoNotFit();
    }

    public void clearFastOpen() {
        fastOpenLength = -1;
        fastOpenExperimental = false;
    }

    /** Bytes a Fast Open option with a cookie of {@code cookieLength} takes, NOPs to the next word included. */
    public static int fastOpenOptionLength(int cookieLength, boolean experimental) {
        return ((experimental ? 4 : 2) + cookieLength + 3) & ~3;
    }

    /** An AccECN option (RFC 9768 §3.2.3) is present, of either order. */
    public boolean hasAccEcn() {
        return accEcnKind != 0;
    }

    /** The AccECN option's kind, {@link #KIND_ACCECN0} or {@link #KIND_ACCECN1}; 0 when absent. */
    public int accEcnKind() {
        return accEcnKind;
    }

    /** How many of the option's 24-bit fields are present (0..3). */
    public int accEcnFieldCount() {
        return accEcnFieldCount;
    }

    /** The EE0B field (bytes that arrived ECT(0)), or -1 when the option lacks it. */
    public int accEcnE0b() {
        return accEcnField(accEcnKind == KIND_ACCECN0 ? 0 : 2);
    }

    /** The ECEB field (bytes that arrived CE), or -1 when the option lacks it. */
    public int accEcnCeb() {
        return accEcnField(1);
    }

    /** The EE1B field (bytes that arrived ECT(1)), or -1 when the option lacks it. */
    public int accEcnE1b() {
        return accEcnField(accEcnKind == KIND_ACCECN0 ? 2 : 0);
    }

    private int accEcnField(int position) {
        return accEcnKind != 0 && position < accEcnFieldCount ? accEcnFields[position] : -1;
    }

    /**
     * Sets an AccECN option of {@code kind} with its first {@code fieldCount} fields (table 5 of
     * RFC 9768: 0 to 3), taken from the counters in that kind's order; each keeps its 24 low bits.
     */
    public void setAccEcn(int kind, int fieldCount, long e0b, long ceb, long e1b) {
        if (kind != KIND_ACCECN0 && kind != KIND_ACCECN1 || fieldCount < 0 || fieldCount > 3) {
            throw new IllegalArgumentException("AccECN option kind " + kind + " with " + fieldCount + " fields");
        }
        accEcnKind = kind;
        accEcnFieldCount = fieldCount;
        accEcnFields[0] = (int) ((kind == KIND_ACCECN0 ? e0b : e1b) & ACCECN_FIELD_MASK);
        accEcnFields[1] = (int) (ceb & ACCECN_FIELD_MASK);
        accEcnFields[2] = (int) ((kind == KIND_ACCECN0 ? e1b : e0b) & ACCECN_FIELD_MASK);
        dropSackBlocksThatDoNotFit();
    }

    public void clearAccEcn() {
        accEcnKind = 0;
        accEcnFieldCount = 0;
    }

    /** Bytes an AccECN option of {@code fieldCount} fields takes, NOPs to the next word included. */
    public static int accEcnOptionLength(int fieldCount) {
        return (2 + ACCECN_FIELD_LENGTH * fieldCount + 3) & ~3;
    }

    /** Left edge (first sequence number) of SACK block {@code i}, raw 32-bit. */
    public int sackLeft(int i) {
        return sackEdges[2 * blockIndex(i)];
    }

    /** Right edge (sequence number after the block) of SACK block {@code i}, raw 32-bit. */
    public int sackRight(int i) {
        return sackEdges[2 * blockIndex(i) + 1];
    }

    private int blockIndex(int i) {
        if (i < 0 || i >= sackBlockCount) {
            throw new IndexOutOfBoundsException("SACK block " + i + " of " + sackBlockCount);
        }
        return i;
    }

    public void setMss(int mss) {
        if (mss < 0 || mss > 0xffff) {
            throw new IllegalArgumentException("MSS out of range: " + mss);
        }
        this.mss = mss;
        dropSackBlocksThatDoNotFit();
    }

    public void setWindowScale(int shift) {
        if (shift < 0 || shift > MAX_WINDOW_SCALE) {
            throw new IllegalArgumentException("window scale out of range: " + shift);
        }
        this.windowScale = shift;
        dropSackBlocksThatDoNotFit();
    }

    public void setSackPermitted(boolean permitted) {
        this.sackPermitted = permitted;
        dropSackBlocksThatDoNotFit();
    }

    public void setTimestamps(int val, int ecr) {
        this.hasTimestamps = true;
        this.tsVal = val;
        this.tsEcr = ecr;
        dropSackBlocksThatDoNotFit();
    }

    public void setExactCeEcho(boolean present) {
        this.exactCeEcho = present;
        dropSackBlocksThatDoNotFit();
    }

    public void clearTimestamps() {
        hasTimestamps = false;
        tsVal = 0;
        tsEcr = 0;
    }

    /**
     * Appends a SACK block; false (and nothing added) when {@link #maxSackBlocks()} are
     * already present. Add the most recently received block first (RFC 2018 §4).
     */
    public boolean addSackBlock(int left, int right) {
        if (sackBlockCount >= maxSackBlocks()) {
            return false;
        }
        sackEdges[2 * sackBlockCount] = left;
        sackEdges[2 * sackBlockCount + 1] = right;
        sackBlockCount++;
        return true;
    }

    public void clearSack() {
        sackBlockCount = 0;
    }

    /** How many SACK blocks fit next to the other options set now: 3 with timestamps, else 4. */
    public int maxSackBlocks() {
        int room = MAX_LENGTH - lengthWithoutSack() - 4;
        return Math.max(0, Math.min(MAX_SACK_BLOCKS, room / SACK_BLOCK_LENGTH));
    }

    /** Setting another option after SACK blocks keeps the first (most recent) blocks that fit. */
    private void dropSackBlocksThatDoNotFit() {
        sackBlockCount = Math.min(sackBlockCount, maxSackBlocks());
    }

    /** Bytes {@link #write} produces; a multiple of 4, at most {@link #MAX_LENGTH}. */
    public int encodedLength() {
        return lengthWithoutSack() + sackOptionLength(sackBlockCount);
    }

    /** Bytes a SACK option of {@code blocks} blocks takes, its two leading NOPs included (RFC 2018 §3). */
    public static int sackOptionLength(int blocks) {
        return blocks == 0 ? 0 : 4 + blocks * SACK_BLOCK_LENGTH;
    }

    private int lengthWithoutSack() {
        int length = 0;
        if (mss >= 0) {
            length += 4;
        }
        if (hasTimestamps) {
            length += 12;
        } else if (sackPermitted) {
            length += 4;
        }
        if (windowScale >= 0) {
            length += 4;
        }
        if (fastOpenLength >= 0) {
            length += fastOpenOptionLength(fastOpenLength, fastOpenExperimental);
        }
        if (exactCeEcho) {
            length += LENGTH_EXACT_CE_ECHO;
        }
        if (accEcnKind != 0) {
            length += accEcnOptionLength(accEcnFieldCount);
        }
        return length;
    }

    /** For logs and test reports; allocates, so not for the packet path. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("TcpOptions[");
        if (mss >= 0) {
            s.append("mss=").append(mss).append(' ');
        }
        if (windowScale >= 0) {
            s.append("wscale=").append(windowScale).append(' ');
        }
        if (sackPermitted) {
            s.append("sackOK ");
        }
        if (fastOpenLength >= 0) {
            s.append(fastOpenExperimental ? "fastOpenExp" : "fastOpen");
            for (int i = 0; i < fastOpenLength; i++) {
                s.append(i == 0 ? "=" : "").append(String.format("%02x", fastOpenCookie[i]));
            }
            s.append(' ');
        }
        if (exactCeEcho) {
            s.append("exactCeEcho ");
        }
        if (accEcnKind != 0) {
            s.append(accEcnKind == KIND_ACCECN0 ? "accecn0" : "accecn1");
            for (int i = 0; i < accEcnFieldCount; i++) {
                s.append(i == 0 ? '=' : ',').append(accEcnFields[i]);
            }
            s.append(' ');
        }
        if (hasTimestamps) {
            s.append("ts=").append(Integer.toUnsignedString(tsVal)).append('/')
                    .append(Integer.toUnsignedString(tsEcr)).append(' ');
        }
        for (int i = 0; i < sackBlockCount; i++) {
            s.append("sack=").append(Integer.toUnsignedString(sackEdges[2 * i])).append('-')
                    .append(Integer.toUnsignedString(sackEdges[2 * i + 1])).append(' ');
        }
        return s.toString().trim() + ']';
    }

    /** Writes the options at absolute {@code offset} in the layout above; returns the bytes written. */
    public int write(ByteBuf buf, int offset) {
        int length = write(area, 0);
        buf.setBytes(offset, area, 0, length);
        return length;
    }

    /** The same into an array, in 32-bit words (each piece of the layout is a multiple of 4 bytes). */
    int write(byte[] buf, int offset) {
        int at = offset;
        if (mss >= 0) {
            BigEndian.put32(buf, at, (KIND_MSS << 24) | (LENGTH_MSS << 16) | mss);
            at += 4;
        }
        if (hasTimestamps) {
            int lead = sackPermitted ? (KIND_SACK_PERMITTED << 8) | LENGTH_SACK_PERMITTED : NOP_NOP;
            BigEndian.put32(buf, at, (lead << 16) | (KIND_TIMESTAMPS << 8) | LENGTH_TIMESTAMPS);
            BigEndian.put64(buf, at + 4, ((long) tsVal << 32) | (tsEcr & 0xffffffffL));
            at += 12;
        } else if (sackPermitted) {
            BigEndian.put32(buf, at, (NOP_NOP << 16) | (KIND_SACK_PERMITTED << 8) | LENGTH_SACK_PERMITTED);
            at += 4;
        }
        if (windowScale >= 0) {
            BigEndian.put32(buf, at, (NOP << 24) | (KIND_WINDOW_SCALE << 16) | (LENGTH_WINDOW_SCALE << 8) | windowScale);
            at += 4;
        }
        if (fastOpenLength >= 0) {
            at = writeFastOpen(buf, at);
        }
        if (exactCeEcho) {
            BigEndian.put32(buf, at, (KIND_EXPERIMENTAL << 24) | (LENGTH_EXACT_CE_ECHO << 16) | EXID_EXACT_CE_ECHO);
            at += LENGTH_EXACT_CE_ECHO;
        }
        if (accEcnKind != 0) {
            at = writeAccEcn(buf, at);
        }
        if (sackBlockCount > 0) {
            BigEndian.put32(buf, at, (NOP_NOP << 16) | (KIND_SACK << 8) | (2 + sackBlockCount * SACK_BLOCK_LENGTH));
            at += 4;
            for (int i = 0; i < 2 * sackBlockCount; i++, at += 4) {
                BigEndian.put32(buf, at, sackEdges[i]);
            }
        }
        return at - offset;
    }

    /** The Fast Open option at {@code at}, then NOPs to the next word (as Linux's tcp_options_write); returns where the next piece starts. */
    private int writeFastOpen(byte[] buf, int at) {
        int head = fastOpenExperimental ? 4 : 2;
        int length = head + fastOpenLength;
        int end = at + fastOpenOptionLength(fastOpenLength, fastOpenExperimental);
        buf[at] = (byte) (fastOpenExperimental ? KIND_EXPERIMENTAL_2 : KIND_FAST_OPEN);
        buf[at + 1] = (byte) length;
        if (fastOpenExperimental) {
            buf[at + 2] = (byte) (EXID_FAST_OPEN >>> 8);
            buf[at + 3] = (byte) EXID_FAST_OPEN;
        }
        System.arraycopy(fastOpenCookie, 0, buf, at + head, fastOpenLength);
        for (int pad = at + length; pad < end; pad++) {
            buf[pad] = NOP;
        }
        return end;
    }

    /** The AccECN option at {@code at}, then NOPs to the next word; returns where the next piece starts. */
    private int writeAccEcn(byte[] buf, int at) {
        int length = 2 + ACCECN_FIELD_LENGTH * accEcnFieldCount;
        int end = at + accEcnOptionLength(accEcnFieldCount);
        buf[at] = (byte) accEcnKind;
        buf[at + 1] = (byte) length;
        for (int i = 0; i < accEcnFieldCount; i++) {
            int field = at + 2 + ACCECN_FIELD_LENGTH * i;
            buf[field] = (byte) (accEcnFields[i] >>> 16);
            buf[field + 1] = (byte) (accEcnFields[i] >>> 8);
            buf[field + 2] = (byte) accEcnFields[i];
        }
        for (int pad = at + length; pad < end; pad++) {
            buf[pad] = NOP;
        }
        return end;
    }
}
