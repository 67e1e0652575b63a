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
}
