package io.tcplab.tools.attack;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.wire.SegmentWriter;
import io.tcplab.stack.wire.TcpOptions;
import io.tcplab.tun.NamespaceHosts;
import java.io.IOException;

/**
 * The attacker: a raw IPv4 socket ({@code IPPROTO_RAW}) opened inside a test host's namespace,
 * which sends TCP segments with any source address, spoofed as the kernel client, to the tcplab
 * endpoint behind the TUN device. Every packet carries {@link #TTL} so that a {@link TcpWatch}
 * can tell it from the client's own.
 */
public final class Injector implements AutoCloseable {
    /** The TTL of every injected packet; the kernel's own use 64. */
    public static final int TTL = 13;
    private static final int ENOBUFS = 105;

    private final int fd;
    private final byte[] destination;
    private final SegmentWriter writer = new SegmentWriter();
    private final byte[] target;
    private final int targetPort;
    private final ByteBuf out = Unpooled.buffer(2048);
    private long sent;

    private Injector(int fd, byte[] src, byte[] dst, int srcPort, int dstPort) {
        this.fd = fd;
        target = dst;
        targetPort = dstPort;
        writer.setAddresses(src, dst).setPorts(srcPort, dstPort).setTtl(TTL).setWindow(65535);
        destination = new byte[16]; // struct sockaddr_in: family, port 0, address, zero
        destination[0] = (byte) RawSocketCalls.AF_INET;
        System.arraycopy(dst, 0, destination, 4, 4);
    }

    /** A raw socket in {@code host}'s namespace for segments from src:srcPort to dst:dstPort. */
    public static Injector open(NamespaceHosts.Host host, byte[] src, int srcPort, byte[] dst, int dstPort) {
        int fd = host.inside(() -> RawSocketCalls.libc().socket(RawSocketCalls.AF_INET, RawSocketCalls.SOCK_RAW,
                RawSocketCalls.IPPROTO_RAW));
        if (fd < 0) {
            throw new IllegalStateException("socket(AF_INET, SOCK_RAW, IPPROTO_RAW) failed");
        }
        return new Injector(fd, src, dst, srcPort, dstPort);
    }

    /**
     * Sends one segment; {@code options} may be null. Returns false when the kernel refused it for
     * lack of buffer space (ENOBUFS: the TUN queue was full), which a flood runs into.
     */
    public boolean send(int flags, int seq, int ack, byte[] payload, TcpOptions options) throws IOException {
        out.clear();
        writer.setFlags(flags).setSeq(seq).setAck(ack).setOptions(options).setIpId((int) sent);
        ByteBuf data = payload.length == 0 ? null : Unpooled.wrappedBuffer(payload);
        int n = writer.write(out, data, 0, payload.length);
        byte[] packet = new byte[n];
        out.getBytes(0, packet);
        long r = RawSocketCalls.libc().sendto(fd, packet, n, 0, destination, destination.length);
        if (r != n) {
            int errno = RawSocketCalls.errno();
            if (errno == ENOBUFS) {
                return false;
            }
            throw new IOException("sendto returned " + r + ", errno " + errno);
        }
        sent++;
        return true;
    }

    /** Spoofs another source from now on: a flood of SYNs from addresses and ports nobody answers for. */
    public Injector from(byte[] src, int srcPort) {
        writer.setAddresses(src, target).setPorts(srcPort, targetPort);
        return this;
    }

    public long sent() {
        return sent;
    }

    @Override
    public void close() {
        RawSocketCalls.libc().close(fd);
    }
}
