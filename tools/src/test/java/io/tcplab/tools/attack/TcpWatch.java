package io.tcplab.tools.attack;

import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import io.tcplab.tun.NamespaceHosts;

/**
 * What an on-path observer in the kernel's namespace learns of one connection to a server port: a
 * packet socket sees every packet the kernel client sends into the TUN device and every packet the
 * tcplab endpoint answers with, and this keeps the latest sequence state of both sides (packets
 * with {@link Injector#TTL} are the attacker's own and are ignored). The attack tests use it to aim
 * in-window; a blind attacker would have only the four-tuple.
 */
public final class TcpWatch implements AutoCloseable {
    private static final int TCP = 6; // IP protocol number
    private final int fd;
    private final int serverPort;
    private final Thread reader;
    private volatile boolean closed;

    // written by the reader thread, read by the attacker
    private volatile int clientPort = -1;
    private volatile long clientIsn = -1;
    private volatile int clientNext;     // the client's highest seq + len seen
    private volatile int serverNext;     // the server's highest seq + len seen
    private volatile int serverAck;      // the latest ACK the server sent: its RCV.NXT then
    private volatile long serverWindow;  // and its window then, scaled
    private volatile int serverShift;
    private volatile boolean established;
    private volatile long serverPackets;

    private TcpWatch(int fd, int serverPort) {
        this.fd = fd;
        this.serverPort = serverPort;
        reader = new Thread(this::readLoop, "tcp-watch-" + serverPort);
        reader.setDaemon(true);
    }

    /** Starts watching every packet of {@code host}'s namespace for connections to {@code serverPort}. */
    public static TcpWatch start(NamespaceHosts.Host host, int serverPort) {
        RawSocketCalls libc = RawSocketCalls.libc();
        int fd = host.inside(() -> libc.socket(RawSocketCalls.AF_PACKET, RawSocketCalls.SOCK_DGRAM,
                RawSocketCalls.ETH_P_ALL_NET_ORDER));
        if (fd < 0) {
            throw new IllegalStateException("socket(AF_PACKET) failed, errno " + RawSocketCalls.errno());
        }
        byte[] timeout = new byte[16]; // struct timeval {0 s, 50 000 us}: recv returns so close() is seen
        timeout[8] = (byte) 0x50;
        timeout[9] = (byte) 0xc3;
        libc.setsockopt(fd, RawSocketCalls.SOL_SOCKET, RawSocketCalls.SO_RCVTIMEO, timeout, timeout.length);
        TcpWatch w = new TcpWatch(fd, serverPort);
        w.reader.start();
        return w;
    }

    private void readLoop() {
        byte[] buf = new byte[65536];
        IpPacket ip = new IpPacket();
        TcpHeader tcp = new TcpHeader();
        tcp.setVerifyChecksum(false); // the kernel's own packets may leave their checksum to offload
        TcpOptions opts = new TcpOptions();
        while (!closed) {
            long n = RawSocketCalls.libc().recv(fd, buf, buf.length, 0);
            if (n <= 0) {
                continue;
            }
            if (ip.wrap(Unpooled.wrappedBuffer(buf, 0, (int) n)) != null || ip.protocol() != TCP
                    || ip.ttl() == Injector.TTL || tcp.wrap(ip) != null) {
                continue;
            }
            opts.clear();
            DropReason bad = opts.parse(tcp.buffer(), tcp.optionsOffset(), tcp.optionsLength());
            if (bad == null) {
                observe(tcp, opts);
            }
        }
    }

    private void observe(TcpHeader tcp, TcpOptions opts) {
        int len = tcp.payloadLength() + (tcp.has(TcpHeader.SYN) ? 1 : 0) + (tcp.has(TcpHeader.FIN) ? 1 : 0);
        int end = tcp.seq() + len;
        if (tcp.dstPort() == serverPort) {
            if (tcp.has(TcpHeader.SYN) && !tcp.has(TcpHeader.ACK)) {
                clientPort = tcp.srcPort();
                clientIsn = Integer.toUnsignedLong(tcp.seq());
                clientNext = end;
            } else if (tcp.srcPort() == clientPort && end - clientNext > 0) {
                clientNext = end;
            }
        } else if (tcp.srcPort() == serverPort && tcp.dstPort() == clientPort) {
            if (tcp.has(TcpHeader.SYN)) {
                serverShift = opts.windowScale() < 0 ? 0 : opts.windowScale();
                serverNext = end;
            } else {
                established = true;
                if (end - serverNext > 0) {
                    serverNext = end;
                }
            }
            serverAck = tcp.ack();
            serverWindow = (long) tcp.window() << (tcp.has(TcpHeader.SYN) ? 0 : serverShift);
            serverPackets++;
        }
    }

    /** True once the server sent a packet after its SYN-ACK. */
    public boolean established() {
        return established;
    }

    public int clientPort() {
        return clientPort;
    }

    /** The client's initial sequence number (of its SYN). */
    public long clientIsn() {
        return clientIsn;
    }

    public int clientNext() {
        return clientNext;
    }

    public int serverNext() {
        return serverNext;
    }

    public int serverAck() {
        return serverAck;
    }

    public long serverWindow() {
        return serverWindow;
    }

    /** Packets the server sent on the connection (challenge ACKs among them). */
    public long serverPackets() {
        return serverPackets;
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        reader.join(2000);
        RawSocketCalls.libc().close(fd);
    }
}
