package io.tcplab.tools.analyze;

import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import java.io.EOFException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;

/**
 * Reads a pcap or pcapng file through pcap4j (libpcap's {@code pcap_open_offline}, which reads
 * both since libpcap 1.1) at nanosecond precision, and hands each frame on with its number
 * (1-based, as Wireshark counts) and where its IP header starts.
 */
final class CaptureReader {
    /** One captured frame: {@code ipOffset} is -1 when it carries no IP packet. */
    record Frame(long number, long timeNanos, byte[] data, int ipOffset) {
    }

    private CaptureReader() {
    }

    /** Reads every frame of {@code file} in order; throws {@link CaptureException} with one line when it cannot. */
    static void read(Path file, Consumer<Frame> sink) {
        if (!Files.exists(file)) {
            throw new CaptureException("no such file: " + file);
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new CaptureException("cannot read " + file + ": not a readable file");
        }
        NamespaceHosts.Availability libpcap = SystemTools.here().libpcap();
        if (!libpcap.ok()) {
            throw new CaptureException(libpcap.reason());
        }
        PcapHandle handle;
        try {
            handle = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        } catch (PcapNativeException e) {
            throw new CaptureException(file + " is not a pcap or pcapng capture (libpcap: " + e.getMessage() + ")", e);
        }
        try {
            int dlt = handle.getDlt().value();
            LinkType link = LinkType.of(dlt).orElseThrow(() -> new CaptureException(file + ": link type " + dlt
                    + " (" + handle.getDlt().name() + ") is not supported; supported: " + LinkType.supported()));
            long number = 0;
            while (true) {
                byte[] data;
                try {
                    data = handle.getNextRawPacketEx();
                } catch (EOFException e) {
                    return;
                } catch (TimeoutException e) {
                    continue; // not for a file, but the API has it
                }
                number++;
                sink.accept(new Frame(number, nanos(handle.getTimestamp()), data, link.ipOffset(data)));
            }
        } catch (PcapNativeException e) {
            throw new CaptureException(file + ": reading the capture failed (libpcap: " + e.getMessage() + ")", e);
        } catch (NotOpenException e) {
            throw new IllegalStateException(e);
        } finally {
            handle.close();
        }
    }

    private static long nanos(Timestamp ts) {
        return Math.floorDiv(ts.getTime(), 1000L) * 1_000_000_000L + ts.getNanos();
    }
}
