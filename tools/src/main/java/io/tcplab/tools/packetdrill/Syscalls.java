package io.tcplab.tools.packetdrill;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionOptions;
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
            "send", "recv", "sendto", "recvfrom", "close", "shutdown", "setsockopt", "getsockopt", "fcntl", "poll",
            "ioctl");
    private static final Set<String> SOCKOPTS = Set.of("SO_REUSEADDR", "TCP_NODELAY", "SO_SNDBUF", "SO_RCVBUF",
            "TCP_MAXSEG", "TCP_CONGESTION", "IP_TOS", "IP_MTU_DISCOVER");
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
            case "send":
            case "recv":
            case "sendto":
            case "recvfrom":
                String flags = args.size() > 3 ? args.get(3) : "0";
                boolean sending = name.startsWith("send");
                return flags.equals("0") || sending && flags.equals("MSG_EOR") ? null
                        : name + " flags " + flags + " (not supported)";
            default:
                return null;
        }
    }

    Outcome call(SyscallSpec c) {
        return switch (c.name()) {
            case "socket" -> socket(c.expectedReturn());
            case "bind" -> bind(socket(c));
            case "listen" -> listen(socket(c));
            case "accept" -> accept(socket(c), c.expectedReturn());
            case "connect" -> connect(socket(c));
            case "read", "recv", "recvfrom" -> read(socket(c), c.arg(1), (int) number(c.arg(2)));
            case "write" -> write(socket(c), c.arg(1), (int) number(c.arg(2)), false);
            case "send", "sendto" -> write(socket(c), c.arg(1), (int) number(c.arg(2)), c.arg(3).equals("MSG_EOR"));
            case "ioctl" -> inq(socket(c), c.arg(2));
            case "close" -> close(socket(c));
            case "shutdown" -> shutdown(socket(c), c.arg(1));
            case "setsockopt" -> setsockopt(socket(c), c.arg(2), c.arg(3));
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

    /** The connection a {@code %{ }%} block reads, or null when the socket under test has none. */
    Connection connectionUnderTest() {
        return underTest == null ? null : underTest.connection;
    }

    /**
     * A new descriptor. As in packetdrill, the number the script expects names the socket from
     * then on (it is not compared with a live kernel's numbering); without one, the lowest free.
     */
    private Outcome socket(long wanted) {
        int fd = 3;
        if (wanted >= 0 && !sockets.containsKey((int) wanted)) {
            fd = (int) wanted;
        }
        while (sockets.containsKey(fd)) {
            fd++;
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

    private Outcome listen(Socket s) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        host.role(s.options, true);
        s.listener = host.stack().listen(LISTEN_PORT, s.options.build(), null);
        return Outcome.ok(0);
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
            return s.connection.state().synchronized_() ? Outcome.error("EISCONN") : Outcome.error("EALREADY");
        }
        host.role(s.options, false);
        Connection c = s.bound
                ? host.stack().connect(host.now(), host.localAddress(), LISTEN_PORT, host.remoteAddress(), LISTEN_PORT,
                        s.options.build(), null)
                : host.stack().connect(host.now(), host.remoteAddress(), LISTEN_PORT, s.options.build(), null);
        s.connection = c;
        host.connected(c);
        if (s.nonBlocking) {
            return Outcome.error("EINPROGRESS");
        }
        return connected(s);
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

    private Outcome write(Socket s, String buffer, int length, boolean endOfRecord) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        if (buffer.equals("NULL")) {
            return Outcome.error("EFAULT");
        }
        Connection c = s.connection;
        if (c == null) {
            return Outcome.error("ENOTCONN");
        }
        return writeMore(s, c, length, 0, endOfRecord);
    }

    /** Writes what fits; with MSG_EOR the record ends once all {@code length} bytes are in (tcp_sendmsg_locked). */
    private Outcome writeMore(Socket s, Connection c, int length, int done, boolean endOfRecord) {
        if (c.state() == TcpState.CLOSED && c.error() != null && !s.errorReported) {
            s.errorReported = true;
            return Outcome.error(errno(c.error(), "EPIPE"));
        }
        boolean opening = c.state() == TcpState.SYN_SENT || c.state() == TcpState.SYN_RECEIVED;
        if (!(c.state().canSend() || opening)) {
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
        if (s.nonBlocking) {
            return total > 0 ? Outcome.ok(total) : Outcome.error("EAGAIN");
        }
        return Outcome.blocked(() -> writeMore(s, c, length, total, endOfRecord));
    }

    private Outcome close(Socket s) {
        if (s == null) {
            return Outcome.error("EBADF");
        }
        sockets.remove(s.fd);
        if (s.listener != null) {
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

    private Outcome setsockopt(Socket s, String name, String valueArg) {
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
        long v = bracketNumber(valueArg);
        if (name.equals("SO_SNDBUF") && s.connection != null) {
            return resizeSendBuffer(s.connection, v);
        }
        requireChangeable(s, name);
        switch (name) {
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
            s.listener = host.stack().listen(LISTEN_PORT, s.options.build(), null);
        }
    }

    /** Linux doubles SO_SNDBUF's value (for its bookkeeping) within SOCK_MIN_SNDBUF and sysctl_wmem_max's cap. */
    private static int sendBufferFor(long value) {
        return (int) Math.max(4608, Math.min(value * 2, 1 << 30));
    }

    private Outcome resizeSendBuffer(Connection c, long value) {
        if (!c.setSendBufferBytes(host.now(), sendBufferFor(value))) {
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
            case "SO_SNDBUF" -> (long) (s.connection != null ? s.connection.sendBufferBytes() : o.sendBufferBytes);
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
