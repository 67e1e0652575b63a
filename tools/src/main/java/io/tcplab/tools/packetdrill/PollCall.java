package io.tcplab.tools.packetdrill;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.TcpState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code poll([{fd=N, events=..., revents=...}, ...], n, timeoutMs)} over the sockets' readiness. */
final class PollCall {
    private static final Pattern ENTRY = Pattern.compile(
            "\\{\\s*fd\\s*=\\s*(\\d+)\\s*,\\s*events\\s*=\\s*([A-Z|0-9]+)\\s*(?:,\\s*revents\\s*=\\s*([A-Z|0-9]+)\\s*)?}");
    private static final Map<String, Integer> BITS = Map.of("POLLIN", 0x1, "POLLPRI", 0x2, "POLLOUT", 0x4,
            "POLLERR", 0x8, "POLLHUP", 0x10, "POLLNVAL", 0x20, "POLLRDNORM", 0x40, "POLLWRNORM", 0x100,
            "POLLRDHUP", 0x2000);

    private record Entry(int fd, int events, int revents) {
    }

    private PollCall() {
    }

    static Outcome run(Syscalls calls, SyscallSpec c) {
        List<Entry> entries = new ArrayList<>();
        Matcher m = ENTRY.matcher(c.arg(0));
        while (m.find()) {
            entries.add(new Entry(Integer.parseInt(m.group(1)), bits(m.group(2)),
                    m.group(3) == null ? 0 : bits(m.group(3))));
        }
        long timeoutMs = Syscalls.number(c.arg(2));
        long deadline = timeoutMs < 0 ? Long.MAX_VALUE : calls.host().now() + timeoutMs * 1_000_000L;
        return attempt(calls, entries, deadline);
    }

    private static Outcome attempt(Syscalls calls, List<Entry> entries, long deadline) {
        int ready = 0;
        StringBuilder mismatch = new StringBuilder();
        for (Entry e : entries) {
            int revents = readiness(calls.socket(e.fd())) & (e.events() | 0x8 | 0x10 | 0x20);
            if (revents != 0) {
                ready++;
            }
            if (revents != e.revents()) {
                mismatch.append("fd ").append(e.fd()).append(" revents=").append(render(revents)).append(' ');
            }
        }
        if (ready > 0 || calls.host().now() >= deadline) {
            Outcome o = Outcome.ok(ready);
            return mismatch.length() == 0 ? o : o.withMismatch(mismatch.toString().trim());
        }
        return Outcome.blockedUntil(deadline, () -> attempt(calls, entries, deadline));
    }

    private static int readiness(Socket s) {
        if (s == null) {
            return 0x20;
        }
        if (s.listener != null) {
            return s.listener.pendingAccepts() > 0 ? 0x1 : 0;
        }
        Connection c = s.connection;
        if (c == null) {
            return 0x4 | 0x10; // an unconnected socket is writable and hung up, as on Linux
        }
        if (c.synWaitsForData()) {
            return 0x4 | 0x100; // Linux tcp_poll: a deferred Fast Open connect is writable
        }
        // Linux tcp_poll: a closed socket is shut down both ways (tcp_done), readable and writable
        // to find the end or the error; a received FIN makes it readable at once
        boolean closed = c.state() == TcpState.CLOSED;
        int r = 0;
        if (c.readableBytes() > 0 || c.finReceived() || closed) {
            r |= 0x1 | 0x40;
        }
        if (c.finReceived() || closed) {
            r |= 0x2000;
        }
        if (c.state().canSend() && c.writableBytes() > 0 || closed) {
            r |= 0x4 | 0x100;
        }
        if (closed) {
            r |= 0x10 | (c.error() != null && !s.errorReported ? 0x8 : 0);
        }
        return r;
    }

    private static int bits(String text) {
        int b = 0;
        for (String name : text.split("\\|")) {
            Integer v = BITS.get(name.trim());
            b |= v != null ? v : (int) Syscalls.number(name);
        }
        return b;
    }

    private static String render(int bits) {
        List<String> names = new ArrayList<>();
        BITS.forEach((name, bit) -> {
            if ((bits & bit) != 0) {
                names.add(name);
            }
        });
        names.sort(null);
        return names.isEmpty() ? "0" : String.join("|", names);
    }
}
