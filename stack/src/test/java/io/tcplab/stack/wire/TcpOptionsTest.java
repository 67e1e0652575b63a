package io.tcplab.stack.wire;

import static io.tcplab.stack.wire.HandMadePackets.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TcpOptionsTest {
    private final TcpOptions options = new TcpOptions();

    private DropReason parse(int... area) {
        ByteBuf buf = bytes(area);
        return options.parse(buf, 0, area.length);
    }

    private String written() {
        ByteBuf buf = Unpooled.buffer(TcpOptions.MAX_LENGTH);
        int length = options.write(buf, 0);
        assertThat(length).isEqualTo(options.encodedLength());
        return ByteBufUtil.hexDump(buf, 0, length);
    }

    @Test
    void parsesLinuxSynOptions() {
        assertThat(parse(2, 4, 0x05, 0xb4, 4, 2, 8, 10, 0, 0, 0, 7, 0, 0, 0, 0, 1, 3, 3, 7)).isNull();
        assertThat(options.mss()).isEqualTo(1460);
        assertThat(options.sackPermitted()).isTrue();
        assertThat(options.hasTimestamps()).isTrue();
        assertThat(options.tsVal()).isEqualTo(7);
        assertThat(options.tsEcr()).isZero();
        assertThat(options.windowScale()).isEqualTo(7);
        assertThat(options.sackBlockCount()).isZero();
    }

    @Test
    void parsesSackBlocks() {
        assertThat(parse(1, 1, 5, 18, 0, 0, 0, 10, 0, 0, 0, 20, 0xff, 0xff, 0xff, 0xf0, 0, 0, 0, 5)).isNull();
        assertThat(options.sackBlockCount()).isEqualTo(2);
        assertThat(options.sackLeft(0)).isEqualTo(10);
        assertThat(options.sackRight(0)).isEqualTo(20);
        assertThat(options.sackLeft(1)).isEqualTo(-16);
        assertThat(options.sackRight(1)).isEqualTo(5);
    }

    @Test
    void parseResetsPreviousContent() {
        parse(2, 4, 0x05, 0xb4);
        assertThat(parse()).isNull();
        assertThat(options.mss()).isEqualTo(-1);
        assertThat(options.windowScale()).isEqualTo(-1);
    }

    @Test
    void endOfListStopsParsingEvenBeforeGarbage() {
        assertThat(parse(2, 4, 0x05, 0xb4, 0, 99, 1, 0)).isNull();
        assertThat(options.mss()).isEqualTo(1460);
    }

    @Test
    void unknownKindsAreSkippedByTheirLength() {
        assertThat(parse(30, 6, 0xde, 0xad, 0xbe, 0xef, 3, 3, 2, 1)).isNull();
        assertThat(options.windowScale()).isEqualTo(2);
    }

    @Test
    void parsesTheExactCeEchoOptionAfterALinuxSyn() {
        assertThat(parse(2, 4, 0x05, 0xb4, 4, 2, 8, 10, 0, 0, 0, 7, 0, 0, 0, 0, 1, 3, 3, 7, 253, 4, 0xdc, 0xee))
                .isNull();
        assertThat(options.exactCeEcho()).isTrue();
        assertThat(options.windowScale()).isEqualTo(7);
        assertThat(parse(2, 4, 0x05, 0xb4)).isNull();
        assertThat(options.exactCeEcho()).as("cleared by the next parse").isFalse();
    }

    /**
     * RFC 6994: kind 253 is shared. Another ExID, an option too short to hold one, or ours with a
     * length other than 4 (a colliding experiment) is skipped by its length, not taken as ours
     * and not a reason to drop the segment.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "253,4,0xf9,0x89",            // Fast Open's ExID (RFC 7413)
        "253,2,1,1",                  // no room for an ExID
        "253,3,0xdc,1",               // half an ExID
        "253,6,0xdc,0xee,0,0",        // our ExID, another length
        "254,4,0xdc,0xee",            // our ExID under the other experimental kind
    })
    void otherExperimentalOptionsAreSkipped(String area) {
        String[] parts = area.split(",");
        int[] values = new int[parts.length + 4];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Integer.decode(parts[i]);
        }
        System.arraycopy(new int[] {1, 3, 3, 5}, 0, values, parts.length, 4);
        assertThat(parse(values)).isNull();
        assertThat(options.exactCeEcho()).isFalse();
        assertThat(options.windowScale()).as("the option after it is read").isEqualTo(5);
    }

    @Test
    void windowScaleAboveFourteenIsUsedAsFourteen() {
        assertThat(parse(3, 3, 15, 0)).isNull();
        assertThat(options.windowScale()).isEqualTo(14);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "2,3,5,0",          // MSS with length 3
        "2,6,5,180,0,0",    // MSS with length 6
        "3,2,1,1",          // window scale with length 2
        "4,3,0,1",          // SACK-permitted with length 3
        "8,8,0,0,0,0,0,0",  // timestamps with length 8
        "5,2,1,1",          // SACK with no block
        "5,9,0,0,0,0,0,0,0,0,0,0", // SACK with a partial block
        "253,1,0,0",        // experimental with length 1
        "253,8,0xdc,0xee",  // experimental running past the area
        "30,0,1,1",         // length below 2
        "30,1,1,1",         // length 1
        "30,8,1,1",         // runs past the area
        "1,1,1,30",         // kind without a length byte at the end of the area
    })
    void malformedLengthsAreRejected(String area) {
        String[] parts = area.split(",");
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Integer.decode(parts[i]);
        }
        assertThat(parse(values)).isEqualTo(DropReason.BAD_OPTION_LENGTH);
    }

    @Test
    void optionRunningPastTheAreaIsRejectedEvenIfTheBufferContinues() {
        ByteBuf buf = bytes(8, 10, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0);
        assertThat(options.parse(buf, 0, 8)).isEqualTo(DropReason.BAD_OPTION_LENGTH);
    }

    @Test
    void writesSynLayoutLikeLinux() {
        options.setMss(1460);
        options.setSackPermitted(true);
        options.setTimestamps(0x11223344, 0);
        options.setWindowScale(7);
        assertThat(written()).isEqualTo("020405b4" + "0402080a" + "11223344" + "00000000" + "01030307");
    }

    /** The option goes after window scale: 24 bytes, still 4-aligned, and the rest as Linux's. */
    @Test
    void writesTheExactCeEchoOptionAfterTheSynLayout() {
        options.setMss(1460);
        options.setSackPermitted(true);
        options.setTimestamps(0x11223344, 0);
        options.setWindowScale(7);
        options.setExactCeEcho(true);
        assertThat(written()).isEqualTo("020405b4" + "0402080a" + "11223344" + "00000000" + "01030307" + "fd04dcee");
        options.setExactCeEcho(false);
        assertThat(written()).isEqualTo("020405b4" + "0402080a" + "11223344" + "00000000" + "01030307");
    }

    @Test
    void writesSynWithoutSackPermittedWithNopsBeforeTimestamps() {
        options.setMss(536);
        options.setTimestamps(1, 2);
        assertThat(written()).isEqualTo("02040218" + "0101080a" + "00000001" + "00000002");
    }

    @Test
    void writesSackPermittedWithoutTimestamps() {
        options.setSackPermitted(true);
        options.setWindowScale(0);
        assertThat(written()).isEqualTo("01010402" + "01030300");
    }

    @Test
    void writesDataSegmentLayoutWithSackBlocks() {
        options.setTimestamps(3, 4);
        options.addSackBlock(100, 200);
        assertThat(written()).isEqualTo("0101080a" + "00000003" + "00000004" + "0101050a" + "00000064" + "000000c8");
    }

    @Test
    void emptyOptionsWriteNothing() {
        assertThat(options.encodedLength()).isZero();
        assertThat(written()).isEmpty();
    }

    @Test
    void sackBlocksAreLimitedByTheFortyByteArea() {
        assertThat(options.maxSackBlocks()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(options.addSackBlock(i, i + 1)).isTrue();
        }
        assertThat(options.addSackBlock(9, 10)).isFalse();
        assertThat(options.encodedLength()).isEqualTo(36);

        options.setTimestamps(1, 1); // keeps the first (most recent) three blocks
        assertThat(options.maxSackBlocks()).isEqualTo(3);
        assertThat(options.sackBlockCount()).isEqualTo(3);
        assertThat(options.sackLeft(2)).isEqualTo(2);
        assertThat(options.encodedLength()).isEqualTo(TcpOptions.MAX_LENGTH);
    }

    @Test
    void clearAndClearTimestampsRemoveOptions() {
        options.setMss(1000);
        options.setTimestamps(1, 2);
        options.addSackBlock(1, 2);
        options.setExactCeEcho(true);
        options.clearTimestamps();
        assertThat(options.hasTimestamps()).isFalse();
        options.clearSack();
        assertThat(options.sackBlockCount()).isZero();
        options.clear();
        assertThat(options.encodedLength()).isZero();
    }

    // ---------------------------------------------------------------- Fast Open (RFC 7413 §4.1.1)

    private String cookie() {
        byte[] c = new byte[options.fastOpenLength()];
        options.copyFastOpenCookie(c, 0);
        return java.util.HexFormat.of().formatHex(c);
    }

    /** Kind 34 with an 8-byte cookie, as Linux's SYN-ACK carries it, then its two NOPs. */
    @Test
    void parsesTheFastOpenOptionAndItsCookie() {
        assertThat(parse(2, 4, 0x05, 0xb4, 34, 10, 0xab, 0xcd, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 1, 1)).isNull();
        assertThat(options.fastOpenLength()).isEqualTo(8);
        assertThat(options.fastOpenExperimental()).isFalse();
        assertThat(cookie()).isEqualTo("abcd123456789abc");
        assertThat(options.mss()).isEqualTo(1460);
    }

    /** Length 2: a cookie request; the experimental form kind 254, ExID 0xF989, length 4 is one too. */
    @Test
    void parsesCookieRequestsInBothForms() {
        assertThat(parse(34, 2, 1, 1)).isNull();
        assertThat(options.fastOpenLength()).isZero();
        assertThat(options.fastOpenExperimental()).isFalse();
        assertThat(parse(254, 4, 0xf9, 0x89)).isNull();
        assertThat(options.fastOpenLength()).isZero();
        assertThat(options.fastOpenExperimental()).isTrue();
        assertThat(parse(254, 8, 0xf9, 0x89, 1, 2, 3, 4)).isNull();
        assertThat(options.fastOpenLength()).isEqualTo(4);
        assertThat(cookie()).isEqualTo("01020304");
    }

    /**
     * Linux tcp_parse_fastopen_option: a cookie of 2 or 18 bytes is no option; one of odd length
     * is skipped, leaving an earlier one; the last valid one wins; another kind-254 ExID is not one.
     */
    @Test
    void cookiesOfTheWrongLengthAreIgnoredAsLinuxReadsThem() {
        assertThat(parse(34, 4, 0x11, 0x22)).isNull();
        assertThat(options.fastOpenLength()).isEqualTo(-1);
        int[] eighteen = new int[20];
        eighteen[0] = 34;
        eighteen[1] = 20;
        assertThat(parse(eighteen)).isNull();
        assertThat(options.fastOpenLength()).isEqualTo(-1);
        assertThat(parse(34, 6, 1, 2, 3, 4, 34, 7, 9, 9, 9, 9, 9)).isNull();
        assertThat(cookie()).isEqualTo("01020304");
        assertThat(parse(34, 6, 1, 2, 3, 4, 34, 6, 5, 6, 7, 8)).isNull();
        assertThat(cookie()).isEqualTo("05060708");
        assertThat(parse(254, 6, 0x12, 0x34, 1, 2)).isNull();
        assertThat(options.fastOpenLength()).isEqualTo(-1);
    }

    /** After window scale, NOPs to a word when 2 + n is not one (Linux tcp_options_write). */
    @Test
    void writesTheFastOpenOptionAfterTheSynLayoutPaddedToAWord() {
        options.setMss(1460);
        options.setSackPermitted(true);
        options.setWindowScale(8);
        options.setFastOpen(new byte[0], 0, 0, false);
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308" + "22020101");
        options.setFastOpen(new byte[] {0, (byte) 0xab, (byte) 0xcd, 0x12, 0x34}, 1, 4, false);
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308" + "2206abcd1234" + "0101");
        options.setFastOpen(new byte[] {1, 2, 3, 4, 5, 6}, 0, 6, false);
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308" + "2208010203040506");
        options.setFastOpen(new byte[] {1, 2, 3, 4}, 0, 4, true);
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308" + "fe08f98901020304");
        options.setFastOpen(new byte[0], 0, 0, true);
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308" + "fe04f989");
        options.clearFastOpen();
        assertThat(written()).isEqualTo("020405b4" + "01010402" + "01030308");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 18})
    void refusesToWriteCookiesOfAnotherLength(int length) {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> options.setFastOpen(new byte[20], 0, length, false));
    }

    /** What is written reads back the same. */
    @Test
    void aWrittenCookieParsesBack() {
        byte[] c = java.util.HexFormat.of().parseHex("01234567aabbccdd0123456701234567");
        options.setMss(1460);
        options.setFastOpen(c, 0, 16, false);
        ByteBuf buf = Unpooled.buffer(TcpOptions.MAX_LENGTH);
        int length = options.write(buf, 0);
        TcpOptions back = new TcpOptions();
        assertThat(back.parse(buf, 0, length)).isNull();
        assertThat(back.fastOpenLength()).isEqualTo(16);
        byte[] out = new byte[16];
        back.copyFastOpenCookie(out, 0);
        assertThat(out).isEqualTo(c);
    }
}
