package io.tcplab.tun;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * A Linux TUN device ({@code IFF_TUN | IFF_NO_PI}): every read returns one IP packet the kernel
 * routed to the interface, every write hands one IP packet to the kernel as if it had arrived on
 * it. Opened through jnr-ffi; configured (address, MTU, up, routes) by running {@code ip}, inside a
 * network namespace when one is given, never per packet.
 *
 * <pre>{@code
 * try (TunDevice tun = TunDevice.builder().name("tl0").namespace("tcplab-ab12cd-k")
 *         .address("10.77.0.1/24").mtu(1500).open()) {
 *     ByteBuf buf = Unpooled.directBuffer(tun.mtu());
 *     int n = tun.read(buf); // 0 when nothing is waiting (non-blocking)
 * }
 * }</pre>
 *
 * <p>A device is not thread-safe: one thread reads and writes it (the {@link RealTimeDriver} does).
 * Packets cross as raw addresses of direct memory, so a read or write allocates nothing; a heap
 * buffer is copied through one reused direct buffer. A failed {@link Builder#open()} closes the
 * fd, and with it the device (it is not persistent), so nothing half-configured is left behind.
 *
 * <p>With {@link Builder#offload(boolean) offload} the device is opened with {@code IFF_VNET_HDR}
 * and {@code TUNSETOFFLOAD} (checksum, TSO4, TSO6): every read and write then starts with a
 * {@link VirtioNetHeader}, writes may carry TCP super-segments for the kernel to cut, and reads may
 * return them ({@link SegmentCoalescer}, {@link SegmentSplitter}). Where the kernel refuses either,
 * the device is opened plain instead and {@link #offloadRefusal()} says why.
 */
public final class TunDevice implements AutoCloseable {
    /** The largest packet a TUN device carries (its maximum MTU). */
    public static final int MAX_PACKET = 65535;
    /** The largest read or write with offloads: a virtio-net header and a packet of up to 64 KB. */
    public static final int MAX_FRAME = MAX_PACKET + VirtioNetHeader.LENGTH;
    private static final Pattern MTU = Pattern.compile("\\bmtu (\\d+)\\b");

    private final int fd;
    private final String name;
    private final boolean multiQueue;
    private final boolean vnetHeader;
    private final String offloadRefusal;
    private String namespace;
    private int mtu;
    private boolean nonBlocking;
    private volatile boolean closed;

    private final ByteBuf scratch;
    private final long scratchAddress;
    private long readErrors;
    private long writeDrops;

    private TunDevice(int fd, String name, String namespace, boolean multiQueue, boolean vnetHeader,
                      String offloadRefusal) {
        this.fd = fd;
        this.name = name;
        this.namespace = namespace;
        this.multiQueue = multiQueue;
        this.vnetHeader = vnetHeader;
        this.offloadRefusal = offloadRefusal;
        ByteBuffer direct = ByteBuffer.allocateDirect(MAX_FRAME);
        this.scratchAddress = Pointer.wrap(Native.runtime(), direct).address();
        this.scratch = Unpooled.wrappedBuffer(direct);
    }

    public static Builder builder() {
        return new Builder();
    }

    // ================================================================ packets

    /**
     * Reads one packet into {@code dst} at its writer index (which advances); returns its length,
     * or 0 when none is waiting in non-blocking mode. {@code dst} should have room for {@link #mtu()}
     * bytes; a longer packet is truncated by the kernel. With {@link #vnetHeader()} the bytes are a
     * frame: a {@link VirtioNetHeader} and then a packet of up to 64 KB.
     */
    public int read(ByteBuf dst) {
        LibC libc = Native.libc();
        int room = Math.min(dst.writableBytes(), vnetHeader ? MAX_FRAME : MAX_PACKET);
        boolean direct = dst.hasMemoryAddress();
        long address = direct ? dst.memoryAddress() + dst.writerIndex() : scratchAddress;
        while (true) {
            long n = libc.read(fd, address, room);
            if (n >= 0) {
                if (!direct) {
                    dst.writeBytes(scratch, 0, (int) n);
                } else {
                    dst.writerIndex(dst.writerIndex() + (int) n);
                }
                return (int) n;
            }
            int errno = Native.errno();
            if (errno == Native.EINTR) {
                continue;
            }
            if (errno == Native.EAGAIN) {
                return 0;
            }
            readErrors++;
            throw TunException.fromErrno("cannot read from TUN device " + name, errno);
        }
    }

    /**
     * Writes the readable bytes of {@code src} (indexes unchanged) as one packet (with
     * {@link #vnetHeader()}: one frame, header first). Returns false when
     * the kernel refused it for a passing reason (queue full, interface down, malformed packet):
     * the packet is dropped, as a link would; throws when the device is gone.
     */
    public boolean write(ByteBuf src) {
        int length = src.readableBytes();
        long address;
        if (src.hasMemoryAddress()) {
            address = src.memoryAddress() + src.readerIndex();
        } else {
            if (length > (vnetHeader ? MAX_FRAME : MAX_PACKET)) {
                writeDrops++;
                return false;
            }
            scratch.setBytes(0, src, src.readerIndex(), length);
            address = scratchAddress;
        }
        LibC libc = Native.libc();
        while (true) {
            long n = libc.write(fd, address, length);
            if (n >= 0) {
                return true;
            }
            int errno = Native.errno();
            switch (errno) {
                case Native.EINTR:
                    continue;
                case Native.EAGAIN:
                case Native.ENOBUFS:
                case Native.ENOMEM:
                case Native.EIO: // the interface is down
                case Native.EINVAL: // not an IP packet the kernel accepts
                    writeDrops++;
                    return false;
                default:
                    throw TunException.fromErrno("cannot write to TUN device " + name, errno);
            }
        }
    }

    /** Packets {@link #write} dropped because the kernel refused them. */
    public long writeDrops() {
        return writeDrops;
    }

    public long readErrors() {
        return readErrors;
    }

    /** In non-blocking mode (the default) {@link #read} returns 0 instead of waiting. */
    public void setNonBlocking(boolean on) {
        LibC libc = Native.libc();
        int flags = libc.fcntl(fd, Native.F_GETFL, 0);
        if (flags < 0) {
            throw TunException.fromErrno("cannot read the flags of TUN device " + name, Native.errno());
        }
        int next = on ? flags | Native.O_NONBLOCK : flags & ~Native.O_NONBLOCK;
        if (next != flags && libc.fcntl(fd, Native.F_SETFL, next) < 0) {
            throw TunException.fromErrno("cannot set O_NONBLOCK on TUN device " + name, Native.errno());
        }
        nonBlocking = on;
    }

    public boolean isNonBlocking() {
        return nonBlocking;
    }

    // ================================================================ configuration (runs ip)

    /** Adds an address such as {@code 10.77.0.1/24}: the kernel side of the device, routed to it. */
    public TunDevice addAddress(String cidr) {
        InterfaceAddress a = InterfaceAddress.parse(cidr);
        String family = a.isIpv4() ? "-4" : "-6";
        Commands.ip(namespace, "cannot add address " + a + " to " + where(), family, "addr", "add", a.toString(),
                "dev", name);
        return this;
    }

    /** Routes {@code cidr} (e.g. {@code 10.78.0.0/16}) to this device. */
    public TunDevice addRoute(String cidr) {
        InterfaceAddress a = InterfaceAddress.parse(cidr);
        Commands.ip(namespace, "cannot add route " + a + " via " + where(), a.isIpv4() ? "-4" : "-6", "route", "add",
                a.toString(), "dev", name);
        return this;
    }

    public TunDevice setMtu(int bytes) {
        if (bytes < 68 || bytes > MAX_PACKET) {
            throw new TunException("tcplab: bad MTU " + bytes + " for " + where() + ": must be 68 to " + MAX_PACKET);
        }
        Commands.ip(namespace, "cannot set MTU " + bytes + " on " + where(), "link", "set", "dev", name, "mtu",
                Integer.toString(bytes));
        mtu = bytes;
        return this;
    }

    /** The kernel's transmit queue towards us, in packets (500 by default for TUN). */
    public TunDevice setTxQueueLength(int packets) {
        Commands.ip(namespace, "cannot set txqueuelen on " + where(), "link", "set", "dev", name, "txqueuelen",
                Integer.toString(packets));
        return this;
    }

    public TunDevice up() {
        Commands.ip(namespace, "cannot bring " + where() + " up", "link", "set", "dev", name, "up");
        return this;
    }

    public TunDevice down() {
        Commands.ip(namespace, "cannot bring " + where() + " down", "link", "set", "dev", name, "down");
        return this;
    }

    /**
     * Moves the device into another network namespace ({@code ip link set DEV netns NS}). The fd
     * stays valid; the kernel drops the device's addresses and takes it down, so configure it after.
     */
    public TunDevice moveTo(String netns) {
        NetNs.path(netns);
        Commands.ip(namespace, "cannot move " + where() + " to network namespace " + netns, "link", "set", "dev", name,
                "netns", netns);
        namespace = netns;
        return this;
    }

    /** Reads the MTU back from the kernel. */
    int queryMtu() {
        String out = Commands.ip(namespace, "cannot read the MTU of " + where(), "-o", "link", "show", "dev", name);
        Matcher m = MTU.matcher(out);
        if (!m.find()) {
            throw new TunException("tcplab: cannot read the MTU of " + where() + " from: " + out.strip());
        }
        return Integer.parseInt(m.group(1));
    }

    private String where() {
        return name + (namespace == null ? "" : " in network namespace " + namespace);
    }

    // ================================================================ views

    public String name() {
        return name;
    }

    /** The network namespace the device is in, or null for the JVM's own. */
    public String namespace() {
        return namespace;
    }

    public int fd() {
        return fd;
    }

    public int mtu() {
        return mtu;
    }

    public boolean multiQueue() {
        return multiQueue;
    }

    /** Whether reads and writes carry a {@link VirtioNetHeader} (offloads on). */
    public boolean vnetHeader() {
        return vnetHeader;
    }

    /** Why offloads were asked for and refused, so the device runs plain; null otherwise. */
    public String offloadRefusal() {
        return offloadRefusal;
    }

    /** The largest TCP payload over IPv4 that fits the MTU: MTU − 20 (IP) − 20 (TCP). */
    public int ipv4Mss() {
        return mtu - 40;
    }

    /** The same over IPv6: MTU − 40 − 20. */
    public int ipv6Mss() {
        return mtu - 60;
    }

    public boolean isOpen() {
        return !closed;
    }

    /** Closes the fd; the kernel deletes the device with its last queue. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            Native.libc().close(fd);
        }
    }

    @Override
    public String toString() {
        return "TunDevice[" + where() + ", fd " + fd + ", mtu " + mtu + (vnetHeader ? ", offloads" : "") + "]";
    }

    // ================================================================ opening

    /** Checks a device name the way the kernel will (dev_valid_name), with a message naming the fault. */
    static void checkName(String name) {
        if (name == null) {
            return;
        }
        String why = null;
        if (name.isEmpty()) {
            why = "it is empty";
        } else if (name.getBytes(StandardCharsets.UTF_8).length > Native.IFNAMSIZ - 1) {
            why = "longer than " + (Native.IFNAMSIZ - 1) + " bytes";
        } else if (name.equals(".") || name.equals("..")) {
            why = "'.' and '..' are not allowed";
        } else {
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c == '/' || c == ':' || Character.isWhitespace(c) || c < 0x20) {
                    why = "it contains '" + (Character.isWhitespace(c) ? "whitespace" : String.valueOf(c)) + "'";
                    break;
                }
            }
        }
        if (why != null) {
            throw new TunException("tcplab: bad TUN device name '" + name + "': " + why);
        }
    }

    /** How to create and configure a device; {@link #open()} does it all or leaves nothing behind. */
    public static final class Builder {
        private String name;
        private String namespace;
        private boolean multiQueue;
        private boolean offload;
        private int offloadFlags = Native.TUN_F_CSUM | Native.TUN_F_TSO4 | Native.TUN_F_TSO6;
        private boolean nonBlocking = true;
        private int mtu;
        private int txQueueLength;
        private final List<String> addresses = new ArrayList<>();
        private final List<String> routes = new ArrayList<>();
        private Boolean up;

        private Builder() {
        }

        /** The interface name (at most 15 bytes; {@code %d} lets the kernel number it); null lets the kernel pick {@code tunN}. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Create the device inside this network namespace (a name from {@code ip netns}, or a /proc/PID/ns/net path). */
        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** IFF_MULTI_QUEUE: opening the same name again attaches another queue. */
        public Builder multiQueue(boolean on) {
            this.multiQueue = on;
            return this;
        }

        /**
         * Ask for offloads (default off): {@code IFF_VNET_HDR} and {@code TUNSETOFFLOAD} with
         * checksum, TSO4 and TSO6. Where the kernel refuses, the device opens plain and
         * {@link TunDevice#offloadRefusal()} says why.
         */
        public Builder offload(boolean on) {
            this.offload = on;
            return this;
        }

        /** The TUNSETOFFLOAD flags to ask for (tests ask for an unknown one to see the refusal). */
        Builder offloadFlags(int flags) {
            this.offloadFlags = flags;
            return this;
        }

        public Builder nonBlocking(boolean on) {
            this.nonBlocking = on;
            return this;
        }

        public Builder mtu(int bytes) {
            this.mtu = bytes;
            return this;
        }

        public Builder txQueueLength(int packets) {
            this.txQueueLength = packets;
            return this;
        }

        /** An address of the kernel's side, e.g. {@code 10.77.0.1/24}; may be given several times. */
        public Builder address(String cidr) {
            InterfaceAddress.parse(cidr); // fail before anything is created
            addresses.add(cidr);
            return this;
        }

        public Builder route(String cidr) {
            InterfaceAddress.parse(cidr);
            routes.add(cidr);
            return this;
        }

        /** Bring the link up (the default when an address, route or MTU is given). */
        public Builder up(boolean on) {
            this.up = on;
            return this;
        }

        public TunDevice open() {
            checkName(name);
            if (namespace != null) {
                NetNs.path(namespace);
                if (!namespace.startsWith("/") && !new java.io.File(NetNs.path(namespace)).exists()) {
                    throw new TunException("tcplab: no network namespace named " + namespace + " (see ip netns list)");
                }
            }
            Created created = namespace == null ? createWithFallback() : NetNs.inside(namespace, this::createWithFallback);
            TunDevice device = new TunDevice(created.fd, created.name, namespace, multiQueue, created.vnetHeader,
                    created.offloadRefusal);
            try {
                device.setNonBlocking(nonBlocking);
                if (mtu > 0) {
                    device.setMtu(mtu);
                }
                if (txQueueLength > 0) {
                    device.setTxQueueLength(txQueueLength);
                }
                for (String a : addresses) {
                    device.addAddress(a);
                }
                boolean bringUp = up != null ? up : !addresses.isEmpty() || !routes.isEmpty() || mtu > 0;
                if (bringUp) {
                    device.up();
                }
                for (String r : routes) {
                    device.addRoute(r);
                }
                if (mtu <= 0) {
                    device.mtu = device.queryMtu();
                }
                return device;
            } catch (RuntimeException e) {
                device.close(); // a non-persistent device goes with its last fd
                throw e;
            }
        }

        private record Created(int fd, String name, boolean vnetHeader, String offloadRefusal) {
        }

        /** With offloads when asked and the kernel agrees; else plain, saying why. */
        private Created createWithFallback() {
            if (!offload) {
                return create(false);
            }
            String refusal;
            Created c;
            try {
                c = create(true);
            } catch (TunException e) {
                refusal = "IFF_VNET_HDR refused: " + e.getMessage().replaceFirst("^tcplab: ", "");
                return plainAfter(refusal);
            }
            if (Native.libc().ioctl(c.fd, Native.TUNSETOFFLOAD, (long) offloadFlags) == 0) {
                return c;
            }
            refusal = "TUNSETOFFLOAD refused: " + Native.strerror(Native.errno());
            Native.libc().close(c.fd); // the device goes with it; open it again without the header
            return plainAfter(refusal);
        }

        private Created plainAfter(String refusal) {
            Created c = create(false);
            return new Created(c.fd, c.name, false, refusal);
        }

        private Created create(boolean vnetHeader) {
            LibC libc = Native.libc();
            int fd = libc.open("/dev/net/tun", Native.O_RDWR | Native.O_CLOEXEC);
            if (fd < 0) {
                throw TunException.fromErrno("cannot open /dev/net/tun", Native.errno());
            }
            try {
                Pointer ifr = Memory.allocateDirect(Native.runtime(), Native.IFREQ_SIZE, true);
                if (name != null) {
                    byte[] n = name.getBytes(StandardCharsets.UTF_8);
                    ifr.put(0, n, 0, n.length);
                }
                short flags = (short) (Native.IFF_TUN | Native.IFF_NO_PI | (multiQueue ? Native.IFF_MULTI_QUEUE : 0)
                        | (vnetHeader ? Native.IFF_VNET_HDR : 0));
                ifr.putShort(Native.IFREQ_FLAGS_OFFSET, flags);
                if (libc.ioctl(fd, Native.TUNSETIFF, ifr) < 0) {
                    int errno = Native.errno();
                    throw setIffError(errno);
                }
                byte[] out = new byte[Native.IFNAMSIZ];
                ifr.get(0, out, 0, out.length);
                int len = 0;
                while (len < out.length && out[len] != 0) {
                    len++;
                }
                return new Created(fd, new String(out, 0, len, StandardCharsets.UTF_8), vnetHeader, null);
            } catch (RuntimeException e) {
                libc.close(fd);
                throw e;
            }
        }

        private TunException setIffError(int errno) {
            String what = "cannot create TUN device " + (name == null ? "" : name + " ")
                    + (namespace == null ? "" : "in network namespace " + namespace + " ");
            what = what.strip();
            if ((errno == Native.EINVAL || errno == Native.EBUSY || errno == Native.EPERM) && name != null
                    && !name.contains("%") && Commands.ipQuiet(namespace, "link", "show", "dev", name).ok()) {
                String kind = errno == Native.EBUSY ? "by another TUN device" : "by another device";
                return new TunException("tcplab: " + what + ": the name " + name + " is in use " + kind, errno, null);
            }
            return TunException.fromErrno(what, errno);
        }
    }
}
