package io.tcplab.tun.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.TunException;
import io.tcplab.tun.testing.Requires;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format, read back byte by byte: pcap header, raw-IP link type, nanosecond records. */
class PcapWriterTest {

    @Test
    void writesRawIpRecordsWithNanosecondTimestamps(@TempDir Path dir) throws Exception {
        Requires.libpcap("writing pcap files (pcap4j calls libpcap)");
        Path file = dir.resolve("c.pcap");
        byte[] first = ipv4(40);
        byte[] second = ipv4(1500);
        long t0 = System.nanoTime();
        long wallBefore = epochNanos(Instant.now());
        try (PcapWriter w = PcapWriter.open(file)) {
            ByteBuf a = Unpooled.wrappedBuffer(first);
            w.onSent(t0, a);
            assertThat(a.readerIndex()).as("the tap leaves the indices alone").isZero();
            ByteBuf b = Unpooled.buffer(2000).writeBytes(new byte[7]).writeBytes(second);
            b.readerIndex(7);
            w.onReceived(t0 + 1_234_567, b);
            assertThat(b.readerIndex()).isEqualTo(7);
            assertThat(w.packets()).isEqualTo(2);
        }

        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file));
        int magic = in.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        if (magic != 0xa1b23c4d) {
            in.order(ByteOrder.BIG_ENDIAN);
        }
        assertThat(in.getInt(0)).as("nanosecond pcap magic").isEqualTo(0xa1b23c4d);
        assertThat(in.getShort(4)).isEqualTo((short) 2);
        assertThat(in.getShort(6)).isEqualTo((short) 4);
        assertThat(in.getInt(16)).as("snaplen").isEqualTo(PcapWriter.SNAPLEN);
        assertThat(in.getInt(20)).as("LINKTYPE_RAW").isEqualTo(101);

        in.position(24);
        long ts1 = record(in, first);
        long ts2 = record(in, second);
        assertThat(in.remaining()).isZero();
        assertThat(ts2 - ts1).as("exact spacing").isEqualTo(1_234_567);
        assertThat(Math.abs(ts1 - wallBefore)).as("wall-clock time").isLessThan(5_000_000_000L);
    }

    @Test
    void withoutLibpcapOpenSaysWhichPackageToInstallAndWritesNothing(@TempDir Path dir) {
        Path file = dir.resolve("none.pcap");
        SystemTools noLibpcap = new SystemTools(List.of(), Optional::empty);
        assertThatThrownBy(() -> PcapWriter.open(file, noLibpcap))
                .isInstanceOf(TunException.class)
                .hasMessage("tcplab: libpcap not found (Debian: libpcap0.8)");
        assertThat(file).doesNotExist();
    }

    private static long record(ByteBuffer in, byte[] expected) {
        long sec = in.getInt() & 0xFFFFFFFFL;
        long nanos = in.getInt() & 0xFFFFFFFFL;
        assertThat(nanos).isLessThan(1_000_000_000L);
        assertThat(in.getInt()).as("caplen").isEqualTo(expected.length);
        assertThat(in.getInt()).as("len").isEqualTo(expected.length);
        byte[] got = new byte[expected.length];
        in.get(got);
        assertThat(got).isEqualTo(expected);
        return sec * 1_000_000_000L + nanos;
    }

    private static byte[] ipv4(int length) {
        byte[] p = new byte[length];
        p[0] = 0x45;
        p[2] = (byte) (length >> 8);
        p[3] = (byte) length;
        for (int i = 20; i < length; i++) {
            p[i] = (byte) i;
        }
        return p;
    }

    private static long epochNanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
