package io.tcplab.tun.pcap;

import io.netty.buffer.ByteBuf;
import io.tcplab.tun.PacketTap;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.TunException;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * Writes every packet a {@link io.tcplab.tun.RealTimeDriver} moves to a pcap file through pcap4j
 * (libpcap's dumper): link type raw IP (LINKTYPE_RAW, since TUN packets have no link header) and
 * nanosecond timestamps, so tshark and Wireshark read it as it is.
 *
 * <p>Timestamps are wall-clock time, taken as the driver's {@link System#nanoTime()} of the packet
 * plus the offset between the two clocks measured once at {@link #open}: packets keep their exact
 * spacing even if the wall clock is stepped meanwhile.
 *
 * <p>It runs on the driver thread; each packet costs one copy of its bytes and one native call.
 * A write error does not stop the driver: the writer stops, counts what it missed and
 * {@link #close()} reports it.
 */
public final class PcapWriter implements PacketTap, AutoCloseable {
    /** Packets are at most 64 KiB, the largest a TUN device passes. */
    public static final int SNAPLEN = 65535;

    private final Path file;
    private final PcapHandle handle;
    private final PcapDumper dumper;
    private final long epochNanosAtBase;
    private final long nanoTimeBase;
    private long packets;
    private long missed;
    private RuntimeException failure;
    private boolean closed;

    private PcapWriter(Path file, PcapHandle handle, PcapDumper dumper) {
        this.file = file;
        this.handle = handle;
        this.dumper = dumper;
        Instant now = Instant.now();
        this.nanoTimeBase = System.nanoTime();
        this.epochNanosAtBase = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Creates (or truncates) {@code file}; throws {@link TunException} with one line when it cannot. */
    public static PcapWriter open(Path file) {
        return open(file, SystemTools.here());
    }

    /**
     * As {@link #open(Path)}, with libpcap looked up through {@code tools}: without it pcap4j's own
     * error names a missing libpcap function, not the package to install.
     */
    static PcapWriter open(Path file, SystemTools tools) {
        requireLibpcap(tools);
        PcapHandle handle;
        try {
            handle = Pcaps.openDead(DataLinkType.RAW, SNAPLEN, PcapHandle.TimestampPrecision.NANO);
        } catch (PcapNativeException e) {
            throw new TunException("tcplab: cannot start a pcap capture: " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new TunException("tcplab: libpcap not usable (Debian: " + SystemTools.LIBPCAP_PACKAGE + "): "
                    + e.getMessage(), e);
        }
        try {
            return new PcapWriter(file, handle, handle.dumpOpen(file.toString()));
        } catch (PcapNativeException | NotOpenException e) {
            handle.close();
            throw new TunException("tcplab: cannot write pcap file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Throws {@link TunException} {@code "tcplab: libpcap not found (Debian: libpcap0.8)"} unless libpcap loads. */
    public static void requireLibpcap() {
        requireLibpcap(SystemTools.here());
    }

    static void requireLibpcap(SystemTools tools) {
        NamespaceHosts.Availability libpcap = tools.libpcap();
        if (!libpcap.ok()) {
            throw new TunException("tcplab: " + libpcap.reason());
        }
    }

    @Override
    public void onReceived(long nowNanos, ByteBuf packet) {
        write(nowNanos, packet);
    }

    @Override
    public void onSent(long nowNanos, ByteBuf packet) {
        write(nowNanos, packet);
    }

    /** Appends one raw IP packet (the buffer's readable bytes, indices untouched) taken at {@code nanoTime}. */
    public void write(long nanoTime, ByteBuf packet) {
        if (failure != null || closed) {
            missed++;
            return;
        }
        byte[] bytes = new byte[packet.readableBytes()];
        packet.getBytes(packet.readerIndex(), bytes);
        try {
            dumper.dumpRaw(bytes, timestamp(nanoTime));
            packets++;
        } catch (NotOpenException | RuntimeException e) {
            failure = new TunException("tcplab: writing pcap file " + file + " failed: " + e.getMessage(), e);
            missed++;
        }
    }

    /** The wall-clock time of a {@link System#nanoTime()} reading, with its nanoseconds. */
    Timestamp timestamp(long nanoTime) {
        long epochNanos = epochNanosAtBase + (nanoTime - nanoTimeBase);
        long seconds = Math.floorDiv(epochNanos, 1_000_000_000L);
        int nanos = (int) Math.floorMod(epochNanos, 1_000_000_000L);
        Timestamp ts = new Timestamp(seconds * 1000);
        ts.setNanos(nanos);
        return ts;
    }

    public Path file() {
        return file;
    }

    /** Packets written so far. */
    public long packets() {
        return packets;
    }

    /** Packets not written because an earlier write failed. */
    public long missed() {
        return missed;
    }

    /** Flushes and closes the file; throws {@link TunException} if a write had failed. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            dumper.flush();
        } catch (PcapNativeException | NotOpenException e) {
            if (failure == null) {
                failure = new TunException("tcplab: flushing pcap file " + file + " failed: " + e.getMessage(), e);
            }
        } finally {
            dumper.close();
            handle.close();
        }
        if (failure != null) {
            throw new TunException(failure.getMessage() + " (" + missed + " packets not written)", failure);
        }
    }
}
