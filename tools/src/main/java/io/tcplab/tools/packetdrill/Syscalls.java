package io.tcplab.tools.packetdrill;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.FastOpen;
import io.tcplab.stack.conn.TcpState;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs the script's system calls on the stack's user API. A call that cannot finish yet returns
 * {@link Outcome#blocked} with a retry; the runner retries it as virtual time and packets move on.
 */
final class Syscalls {
    static final Set<String> SUPPORTED = Set.of("socket", "bind", "listen", "accept", "connect", "read", "write",
            "send", "recv", "sendto", "recvfrom", "sendmsg", "close", "shutdown", "setsockopt", "getsockopt", "fcntl",
            "poll", "ioctl");
    private static final Set<String> SOCKOPTS = Set.of("SO_REUSEADDR", "TCP_NODELAY", "SO_SNDBUF", "SO_RCVBUF",
            "TCP_MAXSEG", "TCP_CONGESTION", "IP_TOS", "IP_MTU_DISCOVER", "TCP_SYNCNT", "TCP_FASTOPEN",
            "TCP_FASTOPEN_CONNECT", "TCP_FASTOPEN_KEY", "SO_KEEPALIVE", "TCP_KEEPIDLE");
    /** Linux's keep-alive defaults (tcp_keepalive_time, _intvl, _probes): 7200 s, 75 s, 9 probes. */
    private static final long KEEPALIVE_INTERVAL_NANOS = 75_000_000_000L;
    private static final int KEEPALIVE_PROBES = 9;
    private static final long SECOND = 1_000_000_000L;
    /** The send flags the runner knows (Linux's values): the rest skip the script. */
    private static final Map<String, Integer> SEND_FLAGS = Map.of("MSG_EOR", 0x80, "MSG_DONTWAIT", 0x40,
            "MSG_NOSIGNAL", 0x4000, "MSG_FASTOPEN", 0x20000000);
    static final int MSG_EOR = 0x80;
    static final int MSG_DONTWAIT = 0x40;
    static final int MSG_FASTOPEN = 0x20000000;
    /** Linux's somaxconn default: the most a listener's queues hold (fastopen_queue_tune bounds by it). */
    private static final int SOMAXCONN = 4096;
    private static final java.util.regex.Pattern IOV = java.util.regex.Pattern.compile("\\{\\s*\\.\\.\\.\\s*,\\s*(\\d+)\\s*}");
    /** Readable only: getsockopt. */
    private static final Set<String> GET_ONLY = Set.of("SO_ERROR");
    static final int LISTEN_PORT = 8080;

    /** What the executor needs from the runner. */
    interface Host {
        long now();

        TcpStack stack();

        byte[] remoteAddress();

        byte[] localAddress();

        ConnectionOptions.Builder profile();

        /** Settles what depends on whether the socket listens ({@code passive}) or connects. */
        void role(ConnectionOptions.Builder options, boolean passive);

        /** A connect() opened {@code connection}: inbound packets now go to its ports. */
        void connected(Connection connection);

        /** The host's tcp_fastopen now (Linux reads it at each Fast Open call). */
        long fastOpenSetting();
    }

    private final Host host;
    private final Map<Integer, Socket> sockets = new TreeMap<>();
    /** The socket a {@code %{ }%} block reads: the last one made by socket() or accept(), as packetdrill's socket_under_test. */
    private Socket underTest;

    Syscalls(Host host) {
        this.host = host;
    }

    /** Why the runner cannot run this call at all (the script is skipped), or null. */
    static String unsupported(String name, List<String> args) {
        String a0 = args.isEmpty() ? "" : args.get(0);
        String a1 = args.size() > 1 ? args.get(1) : "";
        String a2 = args.size() > 2 ? args.get(2) : "";
        switch (name) {
            case "socket":
                if (!a0.equals("...") && !a0.equals("AF_INET")) {
                    return "socket family '" + a0 + "' (only IPv4)";
                }
                if (!a1.equals("SOCK_STREAM") || !(a2.equals("IPPROTO_TCP") || a2.equals("0"))) {
                    return "socket(" + String.join(", ", args) + ") is not TCP";
                }
                return null;
            case "setsockopt":
            case "getsockopt":
                return SOCKOPTS.contains(a2) || name.equals("getsockopt") && GET_ONLY.contains(a2) ? null
                        : name + " option " + a2 + " (not supported)";
            case "ioctl":
                return a1.equals("SIOCINQ") ? null : "ioctl " + a1 + " (not supported)";
            case "fcntl":
                return a1.equals("F_SETFL") || a1.equals("F_GETFL") ? null : "fcntl " + a1 + " (not supported)";
            case "recv":
            case "recvfrom":
                String flags = args.size() > 3 ? args.get(3) : "0";
                return flags.equals("0") ? null : name + " flags " + flags + " (not supported)";
            case "send":
            case "sendto":
            case "sendmsg":
                String sendFlags = name.equals("sendmsg") ? a2 : args.size() > 3 ? args.get(3) : "0";
                try {
                    int bits = sendFlags(sendFlags);
                    return (bits & MSG_EOR) != 0 && (bits & MSG_FASTOPEN) != 0 ? name + " flags " + sendFlags
                            + " (MSG_EOR with MSG_FASTOPEN: not supported)" : null;
                } catch (UnsupportedInScript e) {
                    return name + " flags " + sendFlags + " (not supported)";
                }
            default:
                return null;
        }
    }

    Outcome call(SyscallSpec c) {
        return switch (c.name()) {
            case "socket" -> socket(c.expectedReturn());
            case "bind" -> bind(socket(c));
            case "listen" -> listen(socket(c), c.arg(1));
            case "accept" -> accept(socket(c), c.expectedReturn());
            case "connect" -> connect(socket(c));
            case "read", "recv", "recvfrom" -> read(socket(c), c.arg(1), (int) number(c.arg(2)));
            case "write" -> send(socket(c), c.arg(1), (int) number(c.arg(2)), 0, "");
            case "send", "sendto" -> send(socket(c), c.arg(1), (int) number(c.arg(2)), sendFlags(c.arg(3)), c.arg(4));
            case "sendmsg" -> send(socket(c), "...", iovLength(c.arg(1)), sendFlags(c.arg(2)), "");
            case "ioctl" -> inq(socket(c), c.arg(2));
            case "close" -> close(socket(c));
            case "shutdown" -> shutdown(socket(c), c.arg(1));
            case "setsockopt" -> setsockopt(socket(c), c.arg(2), c.arg(3), c.arg(4));
            case "getsockopt" -> getsockopt(socket(c), c.arg(2), c.arg(3));
            case "fcntl" -> fcntl(socket(c), c.arg(1), c.arg(2));
            case "poll" -> PollCall.run(this, c);
            default -> throw new UnsupportedInScript("system call " + c.name() + "()");
        };
    }

    Socket socket(SyscallSpec c) {
        return sockets.get((int) number(c.arg(0)));
    }

    Socket socket(int fd) {
        return sockets.get(fd);
    }

    /**
     * Whether a packet the stack sent from {@code srcPort} to {@code dstPort} is the socket
     * under test's, the only ones packetdrill looks at (run_packet.c find_socket_for_live_packet:
     * another socket's, such as the FIN of one closed before, are passed over): its connection's,
     * or while it listens its child's (from {@code childPort}); a socket with neither has none.
     */
    boolean underTestSent(int srcPort, int dstPort, int childPort) {
        if (underTest == null) {
            return true;
        }
        if (underTest.connection != null) {
            return underTest.connection.localPort() == srcPort && underTest.connection.remotePort() == dstPort;
        }
        return underTest.listener != null && srcPort == LISTEN_PORT && dstPort == childPort;
    }

    /** The socket packetdrill's socket_under_test names: the last made by socket() or accept(). */
    Socket underTest() {
        return underTest;
    }

    /** A socket made and neither connected nor listening: one whose settings Linux would read later. */
    boolean socketWaitingToOpen() {
        return sockets.values().stream().anyMatch(s -> s.listener == null && s.connection == null);
    }

    /** The connection a {@code %{ }%} block reads, or null when the socket under test has none. */
    Connection connectionUnderTest() {
        return underTest == null ? null : underTest.connection;
    }

    /**
     * A new descriptor. As in packetdrill, the number the script expects names the socket from
     * then on (it is not compared with a live kernel's numbering), even one an earlier socket the
     * script never closed had; without one, the lowest free.
     */
    private Outcome socket(long wanted) {
        int fd = 3;
        if (wanted >= 0) {
            fd = (int) wanted;
        } else {
            while (sockets.containsKey(fd)) {
                fd++;
            }
        }
        underTest = new Socket(fd, host.profile());
        sockets.put(fd, underTest);
        return Outcome.ok(fd);
    }

    private Outcome bind(Socket s) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        s.bound = true;
        return Outcome.ok(0);
    }

    private Outcome listen(Socket s, String backlog) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        host.role(s.options, true);
        s.backlog = (int) Math.max(0, Math.min(number(backlog), SOMAXCONN));
        listenNow(s);
        return Outcome.ok(0);
    }

    /**
     * Listens with the socket's options and Fast Open as Linux's inet_listen and tcp_try_fastopen
     * set it up: with tcp_fastopen's 0x2, a queue of TCP_FASTOPEN's length or, under 0x400, the
     * backlog; 0x200 takes data without a cookie; TCP_FASTOPEN_KEY's key, else the stack's.
     */
    private void listenNow(Socket s) {
        long setting = host.fastOpenSetting();
        int queue = (setting & 0x2) == 0 ? 0 : s.fastOpenQueue > 0 ? s.fastOpenQueue
                : (setting & 0x400) != 0 ? Math.max(1, s.backlog) : 0;
        s.options.fastOpen(FastOpen.OFF.withServerQueue(queue).withServerWithoutCookie((setting & 0x200) != 0)
                .withKey(s.fastOpenKey));
        s.listener = host.stack().listen(LISTEN_PORT, s.options.build(), null);
    }

    private Outcome accept(Socket s, long wanted) {
        if (s == null || s.listener == null) {
            return Outcome.error(s == null ? "EBADF" : "EINVAL");
        }
        Connection c = s.listener.accept();
        if (c != null) {
            Outcome fd = socket(wanted);
            sockets.get((int) fd.ret()).connection = c;
            return fd;
        }
        return s.nonBlocking ? Outcome.error("EAGAIN") : Outcome.blocked(() -> accept(s, wanted));
    }

    private Outcome connect(Socket s) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (s.connection != null) {
            Connection c = s.connection;
            // a deferred Fast Open connect counts as connected (Linux: SS_CONNECTED)
            return c.state().synchronized_() || c.synWaitsForData() ? Outcome.error("EISCONN")
                    : Outcome.error("EALREADY");
        }
        Connection c = open(s, s.fastOpenConnect);
        if (c.synWaitsForData()) {
            return Outcome.ok(0); // TCP_FASTOPEN_CONNECT with a cookie: the SYN waits for the first write
        }
        if (s.nonBlocking) {
            return Outcome.error("EINPROGRESS");
        }
        return connected(s);
    }

    /** An active open; with {@code fastOpen}, as the host's tcp_fastopen has it (0x4: without a cookie). */
    private Connection open(Socket s, boolean fastOpen) {
        host.role(s.options, false);
        if (s.synCount > 0) {
            s.options.synRetries(s.synCount); // TCP_SYNCNT, over the host's tcp_syn_retries
        }
        if (s.keepAlive) {
            s.options.keepAlive(s.keepAliveIdleSeconds * SECOND, KEEPALIVE_INTERVAL_NANOS, KEEPALIVE_PROBES);
        }
        if (fastOpen) {
            s.options.fastOpen(FastOpen.OFF.withClient(true)
                    .withClientWithoutCookie((host.fastOpenSetting() & 0x4) != 0));
        }
        Connection c = s.bound
                ? host.stack().connect(host.now(), host.localAddress(), LISTEN_PORT, host.remoteAddress(), LISTEN_PORT,
                        s.options.build(), null)
                : host.stack().connect(host.now(), host.remoteAddress(), LISTEN_PORT, s.options.build(), null);
        s.connection = c;
        host.connected(c);
        return c;
    }

    private Outcome connected(Socket s) {
        Connection c = s.connection;
        if (c.state().synchronized_()) {
            return Outcome.ok(0);
        }
        if (c.state() == TcpState.CLOSED) {
            return Outcome.error(errno(c.error(), "ECONNREFUSED"));
        }
        return Outcome.blocked(() -> connected(s));
    }

    private Outcome read(Socket s, String buffer, int length) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        Connection c = s.connection;
        if (c == null) {
            return Outcome.error("ENOTCONN");
        }
        if (c.readableBytes() > 0) {
            if (buffer.equals("NULL")) {
                return Outcome.error("EFAULT");
            }
            return Outcome.ok(c.read(host.now(), new byte[length], 0, length));
        }
        if (c.atEof() || s.shutRead) {
            return Outcome.ok(0);
        }
        if (c.state() == TcpState.CLOSED) {
            return pendingError(s, c);
        }
        if (s.nonBlocking) {
            return Outcome.error("EAGAIN");
        }
        return Outcome.blocked(() -> read(s, buffer, length));
    }

    private Outcome pendingError(Socket s, Connection c) {
        if (c.error() != null && c.error() != ConnectionError.ABORTED && !s.errorReported) {
            s.errorReported = true;
            return Outcome.error(errno(c.error(), "EPIPE"));
        }
        return Outcome.ok(0);
    }

    /**
     * write, send, sendto and sendmsg: {@code flags} MSG_EOR, MSG_DONTWAIT (this call does not
     * block), MSG_FASTOPEN (connect and send in one, Linux's tcp_sendmsg_fastopen: EOPNOTSUPP
     * without tcp_fastopen's 0x1 or to AF_UNSPEC, EALREADY while a handshake is under way, ignored
     * once connected); {@code address}: sendto's.
     */
    private Outcome send(Socket s, String buffer, int length, int flags, String address) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (buffer.equals("NULL")) {
            return Outcome.error("EFAULT");
        }
        boolean nonBlocking = s.nonBlocking || (flags & MSG_DONTWAIT) != 0;
        boolean endOfRecord = (flags & MSG_EOR) != 0;
        Connection c = s.connection;
        boolean opened = false;
        if ((flags & MSG_FASTOPEN) != 0) {
            if ((host.fastOpenSetting() & 0x1) == 0 || address.equals("AF_UNSPEC")) {
                return Outcome.error("EOPNOTSUPP");
            }
            if (c == null) {
                c = open(s, true);
                opened = true;
            } else if (c.state() == TcpState.SYN_SENT && !c.synWaitsForData()) {
                return Outcome.error("EALREADY");
            }
        }
        if (c == null) {
            return Outcome.error("ENOTCONN");
        }
        if (c.synWaitsForData()) {
            return fastOpenWrite(s, c, length, nonBlocking, endOfRecord);
        }
        if (c.state() == TcpState.SYN_SENT) {
            return nonBlocking ? Outcome.error(opened ? "EINPROGRESS" : "EAGAIN")
                    : waitForHandshake(s, c, length, queue(c, length, 0), endOfRecord);
        }
        return writeMore(s, c, length, 0, endOfRecord, nonBlocking);
    }

    /**
     * The first write of a Fast Open connection whose SYN waits: the SYN leaves with what it
     * carries (nothing for an empty write). Non-blocking, that is what the call returns (Linux:
     * EINPROGRESS when it is nothing); blocking, the rest waits for the handshake.
     */
    private Outcome fastOpenWrite(Socket s, Connection c, int length, boolean nonBlocking, boolean endOfRecord) {
        int taken = c.write(host.now(), new byte[length], 0, length);
        if (nonBlocking) {
            return taken > 0 ? Outcome.ok(taken) : Outcome.error("EINPROGRESS");
        }
        return waitForHandshake(s, c, length, queue(c, length, taken), endOfRecord);
    }

    /** Queues what is left of a blocking write in SYN-SENT: it rides on the ACK of the SYN-ACK (Linux saves that ACK for a writer waiting). */
    private int queue(Connection c, int length, int done) {
        return done + c.write(host.now(), new byte[length - done], 0, length - done);
    }

    /** A blocking write waits for the handshake (Linux sk_stream_wait_connect), then goes on. */
    private Outcome waitForHandshake(Socket s, Connection c, int length, int done, boolean endOfRecord) {
        if (c.state() == TcpState.SYN_SENT) {
            return Outcome.blocked(() -> waitForHandshake(s, c, length, done, endOfRecord));
        }
        if (c.state() == TcpState.CLOSED && c.error() != null && !s.errorReported) {
            s.errorReported = true;
            return Outcome.error(errno(c.error(), "EPIPE"));
        }
        return writeMore(s, c, length, done, endOfRecord, false);
    }

    /** Writes what fits; with MSG_EOR the record ends once all {@code length} bytes are in (tcp_sendmsg_locked). */
    private Outcome writeMore(Socket s, Connection c, int length, int done, boolean endOfRecord, boolean nonBlocking) {
        if (c.state() == TcpState.CLOSED && c.error() != null && !s.errorReported) {
            s.errorReported = true;
            return Outcome.error(errno(c.error(), "EPIPE"));
        }
        boolean fastOpenChild = c.state() == TcpState.SYN_RECEIVED; // Linux lets a passive Fast Open socket send
        if (!(c.state().canSend() || fastOpenChild)) {
            return done > 0 ? Outcome.ok(done) : Outcome.error("EPIPE");
        }
        int taken = c.write(host.now(), new byte[length - done], 0, length - done);
        int total = done + taken;
        if (total == length) {
            if (endOfRecord) {
                c.endRecord(host.now());
            }
            return Outcome.ok(length);
        }
        if (nonBlocking) {
            return total > 0 ? Outcome.ok(total) : Outcome.error("EAGAIN");
        }
        return Outcome.blocked(() -> writeMore(s, c, length, total, endOfRecord, false));
    }

    private Outcome close(Socket s) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        sockets.remove(s.fd);
        if (s.listener != null) {
            // Linux's inet_csk_listen_stop: the connections no one accepted are reset (tcp_disconnect)
            for (Connection c = s.listener.accept(); c != null; c = s.listener.accept()) {
                c.abort(host.now());
            }
            s.listener.close();
        }
        if (s.connection != null) {
            s.connection.close(host.now());
        }
        return Outcome.ok(0);
    }

    private Outcome shutdown(Socket s, String how) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (s.connection == null) {
            return Outcome.error("ENOTCONN");
        }
        if (how.contains("RD")) {
            s.shutRead = true;
        }
        if (how.contains("WR")) {
            s.connection.shutdownOutput(host.now());
        }
        return Outcome.ok(0);
    }

    private Outcome setsockopt(Socket s, String name, String valueArg, String lengthArg) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        switch (name) {
            case "SO_REUSEADDR", "IP_TOS", "IP_MTU_DISCOVER" -> {
                return Outcome.ok(0); // no effect here (docs/packetdrill.md)
            }
            case "TCP_CONGESTION" -> {
                String cc = valueArg.replace("\"", "");
                if (!CongestionControls.names().contains(cc)) {
                    return Outcome.error("ENOENT");
                }
                requireChangeable(s, name);
                s.options.congestionControl(cc);
                reopenListener(s);
                return Outcome.ok(0);
            }
            default -> {
            }
        }
        if (name.equals("TCP_FASTOPEN_KEY")) {
            return fastOpenKey(s, valueArg, lengthArg);
        }
        long v = bracketNumber(valueArg);
        if (name.equals("SO_SNDBUF") && s.connection != null) {
            return resizeSendBuffer(s.connection, v);
        }
        if (s.connection != null && (name.equals("TCP_SYNCNT") || name.equals("TCP_KEEPIDLE"))) {
            return onOpenConnection(s, name, v);
        }
        if (name.equals("TCP_FASTOPEN_CONNECT") && (host.fastOpenSetting() & 0x1) == 0) {
            return Outcome.error("EOPNOTSUPP"); // do_tcp_setsockopt: only with tcp_fastopen's 0x1
        }
        requireChangeable(s, name);
        switch (name) {
            case "TCP_FASTOPEN" -> {
                if (v < 0) {
                    return Outcome.error("EINVAL");
                }
                s.fastOpenQueue = (int) Math.min(v, SOMAXCONN); // fastopen_queue_tune
            }
            case "TCP_FASTOPEN_CONNECT" -> {
                if (v < 0 || v > 1) {
                    return Outcome.error("EINVAL");
                }
                s.fastOpenConnect = v == 1;
            }
            case "TCP_SYNCNT" -> {
                if (v < 1 || v > 127) {
                    return Outcome.error("EINVAL"); // MAX_TCP_SYNCNT
                }
                s.synCount = (int) v;
            }
            case "SO_KEEPALIVE" -> s.keepAlive = v != 0;
            case "TCP_KEEPIDLE" -> {
                if (v < 1 || v > 32767) {
                    return Outcome.error("EINVAL"); // MAX_TCP_KEEPIDLE
                }
                s.keepAliveIdleSeconds = v;
            }
            case "TCP_NODELAY" -> s.options.nagle(v == 0);
            case "SO_SNDBUF" -> s.options.sendBufferBytes(sendBufferFor(v));
            case "SO_RCVBUF" -> s.options.receiveBufferBytes((int) Math.max(2304, Math.min(v * 2, 1 << 30)));
            case "TCP_MAXSEG" -> {
                if (v < 88 || v > 65495) {
                    return Outcome.error("EINVAL");
                }
                s.options.mss((int) v);
            }
            default -> throw new UnsupportedInScript("setsockopt " + name);
        }
        reopenListener(s);
        return Outcome.ok(0);
    }

    /** TCP_SYNCNT and TCP_KEEPIDLE on a socket that connected: what Linux changes on the live socket. */
    private Outcome onOpenConnection(Socket s, String name, long v) {
        if (name.equals("TCP_SYNCNT")) {
            if (v < 1 || v > 100) {
                return Outcome.error("EINVAL");
            }
            s.connection.socketOptions().setSynRetries(host.now(), (int) v);
            return Outcome.ok(0);
        }
        if (v < 1 || v > 32767) {
            return Outcome.error("EINVAL");
        }
        s.keepAliveIdleSeconds = v;
        if (s.keepAlive) { // do_tcp_setsockopt: the timer moves only while SO_KEEPALIVE is on
            s.connection.socketOptions().setKeepAliveIdle(host.now(), v * SECOND);
        }
        return Outcome.ok(0);
    }

    /**
     * tcplab fixes a connection's options when it opens, and a listener's when it listens. A
     * listener that holds no connection yet is listened again with the new options, which is
     * what Linux's later children would inherit; otherwise the script cannot run here.
     */
    private static void requireChangeable(Socket s, String name) {
        boolean idleListener = s.listener != null && s.listener.halfOpen() == 0 && s.listener.pendingAccepts() == 0;
        if (s.connection != null || s.listener != null && !idleListener) {
            throw new UnsupportedInScript("setsockopt " + name
                    + " after connect, or on a listener with connections (tcplab fixes options when a connection opens)");
        }
    }

    private void reopenListener(Socket s) {
        if (s.listener != null) {
            s.listener.close();
            listenNow(s);
        }
    }

    /**
     * TCP_FASTOPEN_KEY: the listener's own key, 16 bytes as a C string (Linux also takes 32, a
     * backup key after it, which tcplab does not keep); another length is EINVAL.
     */
    private Outcome fastOpenKey(Socket s, String value, String lengthArg) {
        long length = number(lengthArg);
        if (length == 32) {
            throw new UnsupportedInScript("setsockopt TCP_FASTOPEN_KEY with a backup key (tcplab keeps one key)");
        }
        byte[] key = cString(value);
        if (length != FastOpen.KEY_BYTES || key.length < FastOpen.KEY_BYTES) {
            return Outcome.error("EINVAL");
        }
        requireChangeable(s, "TCP_FASTOPEN_KEY");
        s.fastOpenKey = java.util.Arrays.copyOf(key, FastOpen.KEY_BYTES);
        reopenListener(s);
        return Outcome.ok(0);
    }

    /** A C string literal's bytes: {@code "\xf7\x63..."}, plain characters and the common escapes. */
    static byte[] cString(String literal) {
        String t = literal.strip();
        if (t.length() < 2 || !t.startsWith("\"") || !t.endsWith("\"")) {
            throw new UnsupportedInScript("argument " + literal + " is not a string");
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 1; i < t.length() - 1; i++) {
            char ch = t.charAt(i);
            if (ch != '\\') {
                out.write(ch);
                continue;
            }
            char e = t.charAt(++i);
            if (e == 'x') {
                int end = i + 1;
                while (end < t.length() - 1 && end < i + 3 && Character.digit(t.charAt(end), 16) >= 0) {
                    end++;
                }
                out.write(Integer.parseInt(t.substring(i + 1, end), 16));
                i = end - 1;
            } else {
                out.write(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case '0' -> 0;
                    default -> e;
                });
            }
        }
        return out.toByteArray();
    }

    /** Linux doubles SO_SNDBUF's value (for its bookkeeping) within SOCK_MIN_SNDBUF and sysctl_wmem_max's cap. */
    private static int sendBufferFor(long value) {
        return (int) Math.max(4608, Math.min(value * 2, 1 << 30));
    }

    private Outcome resizeSendBuffer(Connection c, long value) {
        if (!c.socketOptions().setSendBufferBytes(host.now(), sendBufferFor(value))) {
            throw new UnsupportedInScript("setsockopt SO_SNDBUF below the bytes the send buffer holds");
        }
        return Outcome.ok(0);
    }

    /** ioctl(SIOCINQ): the bytes ready to read, which the script gives in brackets. */
    private Outcome inq(Socket s, String expected) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (s.listener != null) {
            return Outcome.error("EINVAL");
        }
        long ready = s.connection == null ? 0 : s.connection.readableBytes();
        Outcome ok = Outcome.ok(0);
        return ready == bracketNumber(expected) ? ok : ok.withMismatch("SIOCINQ is [" + ready + "]");
    }

    private Outcome getsockopt(Socket s, String name, String expected) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        ConnectionOptions o = s.connection != null ? s.connection.options() : s.options.build();
        Object actual = switch (name) {
            case "TCP_MAXSEG" -> s.connection != null && s.connection.state().synchronized_()
                    ? (long) s.connection.info().mss() : (long) o.mss;
            case "TCP_NODELAY" -> o.nagle ? 0L : 1L;
            case "SO_SNDBUF" -> (long) (s.connection != null ? s.connection.socketOptions().sendBufferBytes() : o.sendBufferBytes);
            case "SO_RCVBUF" -> (long) o.receiveBufferBytes;
            case "SO_REUSEADDR" -> 1L;
            case "SO_ERROR" -> soError(s);
            case "TCP_CONGESTION" -> o.congestionControl;
            default -> throw new UnsupportedInScript("getsockopt " + name);
        };
        Outcome ok = Outcome.ok(0);
        if (actual instanceof String text) {
            return text.equals(expected.replace("\"", "")) ? ok : ok.withMismatch(name + " is \"" + text + "\"");
        }
        if (expected.equals("...")) {
            return ok;
        }
        long want = bracketNumber(expected);
        return want == (long) actual ? ok : ok.withMismatch(name + " is [" + actual + "], not [" + want + "]");
    }

    private Outcome fcntl(Socket s, String cmd, String flags) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (cmd.equals("F_GETFL")) {
            return Outcome.ok(0x2 | (s.nonBlocking ? 0x800 : 0)); // O_RDWR | O_NONBLOCK
        }
        s.nonBlocking = flags.contains("O_NONBLOCK");
        return Outcome.ok(0);
    }

    /** SO_ERROR: the connection's pending error as an errno number, read once (then 0), as Linux's sock_error. */
    private long soError(Socket s) {
        Connection c = s.connection;
        if (c == null || c.error() == null || c.error() == ConnectionError.ABORTED || s.errorReported) {
            return 0;
        }
        s.errorReported = true;
        return switch (c.error()) {
            case RESET -> 104; // ECONNRESET
            case REFUSED -> 111; // ECONNREFUSED
            case TIMEOUT -> 110; // ETIMEDOUT
            case ABORTED -> 0;
        };
    }

    static String errno(ConnectionError e, String fallback) {
        if (e == null) {
            return fallback;
        }
        return switch (e) {
            case RESET -> "ECONNRESET";
            case REFUSED -> "ECONNREFUSED";
            case TIMEOUT -> "ETIMEDOUT";
            case ABORTED -> fallback;
        };
    }

    static long number(String text) {
        try {
            return Long.decode(text.trim());
        } catch (NumberFormatException e) {
            throw new UnsupportedInScript("argument '" + text + "' is not a number");
        }
    }

    /**
     * Send flags as a script writes them: names joined by {@code |}, or a number
     * ({@code 0x20000000}); a name the runner does not know is not supported.
     */
    static int sendFlags(String text) {
        int bits = 0;
        for (String part : text.split("\\|")) {
            String name = part.strip();
            Integer bit = SEND_FLAGS.get(name);
            if (bit != null) {
                bits |= bit;
                continue;
            }
            long n = number(name);
            if ((n & ~(long) (MSG_EOR | MSG_DONTWAIT | 0x4000 | MSG_FASTOPEN)) != 0) {
                throw new UnsupportedInScript("send flags " + text);
            }
            bits |= (int) n;
        }
        return bits;
    }

    /** sendmsg's {@code msg_iov(n)=[{..., len}, ...]}: the bytes of all its pieces. */
    static int iovLength(String msghdr) {
        java.util.regex.Matcher m = IOV.matcher(msghdr);
        int total = 0;
        boolean any = false;
        while (m.find()) {
            total += Integer.parseInt(m.group(1));
            any = true;
        }
        if (!any) {
            throw new UnsupportedInScript("sendmsg message " + msghdr);
        }
        return total;
    }

    /** {@code [1]} or {@code 1}. */
    static long bracketNumber(String text) {
        String t = text.trim();
        if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1).trim();
        }
        return number(t);
    }

    Host host() {
        return host;
    }
}
