package io.tcplab.stack;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.SegmentOutput;
import io.tcplab.stack.conn.StackContext;
import io.tcplab.stack.icmp.IcmpHandler;
import io.tcplab.stack.journal.StackJournal;
import io.tcplab.stack.seq.SeqNum;
import io.tcplab.stack.timer.DeadlineHeap;
import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A sans-IO TCP stack: packets and time come in through {@link #receive} and {@link #poll}, packets
 * leave through the {@link PacketSink}, and {@link #nextDeadline()} says when to call
 * {@link #poll} next. It owns no thread, clock or socket; one thread drives it.
 *
 * <p>It checks and demultiplexes arriving packets by four-tuple, answers segments for closed
 * ports with RST (RFC 9293 §3.10.7.1), runs the LISTEN state (§3.10.7.2) with a backlog, and
 * counts every dropped packet by {@link DropReason}. ICMP and ICMPv6 go to {@link IcmpHandler}:
 * echo is answered, errors quoting our segments reach their connection. No packet content makes
 * it throw.
 */
public final class TcpStack {
    private static final int EPHEMERAL_LOW = 32768;
    private static final int EPHEMERAL_COUNT = 61000 - 32768; // Linux ip_local_port_range

    private final StackConfig config;
    private final StackStats stats = new StackStats();
    private final SegmentOutput output;
    private final Map<ConnectionKey, Connection> table = new HashMap<>();
    /** Insertion-ordered, so iteration is deterministic; removal is O(1) (identity hash). */
    private final java.util.Set<Connection> connections = new java.util.LinkedHashSet<>();
    private final Map<Integer, Listener> listeners = new HashMap<>();
    /** The listener of each passive connection until its handshake completes (for the backlog). */
    private final Map<Connection, Listener> listenerOf = new HashMap<>();
    /** The listener of each Fast Open connection until its handshake completes (for its Fast Open limit). */
    private final Map<Connection, Listener> fastOpenListenerOf = new HashMap<>();
    private final Context context = new Context();

    private final IpPacket ip = new IpPacket();
    private final TcpHeader tcp = new TcpHeader();
    private final TcpOptions options = new TcpOptions();
    private final ConnectionKey lookupV4 = ConnectionKey.scratch(4);
    private final ConnectionKey lookupV6 = ConnectionKey.scratch(16);
    /**
     * The connection the last segment went to, and its four-tuple ({@link #lastKeyV4} or
     * {@link #lastKeyV6} filled in): a run of segments for one connection skips copying, hashing
     * and the table (a one-entry cache, as 4.4BSD's {@code tcp_last_inpcb}). Cleared when it closes.
     */
    private Connection lastConnection;
    private ConnectionKey lastKey;
    private final ConnectionKey lastKeyV4 = ConnectionKey.scratch(4);
    private final ConnectionKey lastKeyV6 = ConnectionKey.scratch(16);
    private final byte[] replySrcV4 = new byte[4];
    private final byte[] replyDstV4 = new byte[4];
    private final byte[] replySrcV6 = new byte[16];
    private final byte[] replyDstV6 = new byte[16];
    private final List<Connection> dueScratch = new ArrayList<>();
    /** Every live connection keyed by its earliest deadline: poll and nextDeadline never scan them all. */
    private final DeadlineHeap<Connection> deadlines = new DeadlineHeap<>();
    private final IcmpHandler icmp;
    private final CookieHandshake cookies;
    private final FastOpenServer fastOpen;
    /** The Fast Open cookies of servers we connected to (RFC 7413 §4.1.3), kept across connections. */
    private final io.tcplab.stack.conn.FastOpenCache fastOpenCache = new io.tcplab.stack.conn.FastOpenCache();
    /** When a SYN cookie was last sent: ACKs to a listener are checked as cookies only for two periods after. */
    private long lastCookieSent;
    private boolean cookieSent;

    private StackJournal journal = StackJournal.NONE;

    private long challengeWindowStart;
    private int challengeAcksInWindow;

    public TcpStack(StackConfig config, PacketSink sink) {
        this.config = config;
        this.output = new SegmentOutput(sink, stats, config.virtualPayload, config.partialChecksums);
        this.icmp = new IcmpHandler(sink, stats, this::findConnection);
        this.cookies = new CookieHandshake(config.random, output, stats);
        this.fastOpen = new FastOpenServer(config.fastOpenKey, config.random);
        tcp.setVerifyChecksum(config.verifyChecksums);
        ip.setVirtualPayload(config.virtualPayload);
        tcp.setVirtualPayload(config.virtualPayload);
    }

    public StackStats stats() {
        return stats;
    }

    /**
     * Who hears every input and callback from now on ({@link StackJournal}): set before the first
     * connection, so that a recording starts with the stack.
     */
    public void journal(StackJournal journal) {
        if (!connections.isEmpty() || !listeners.isEmpty()) {
            throw new IllegalStateException("a journal is set before the first connection or listener");
        }
        this.journal = java.util.Objects.requireNonNull(journal, "journal");
    }

    public StackConfig config() {
        return config;
    }

    /** Live connections, including those in TIME-WAIT. */
    public Collection<Connection> connections() {
        return Collections.unmodifiableCollection(connections);
    }

    // ================================================================ the three doors

    /** One IP packet from the network. The buffer is not kept. */
    public void receive(long now, ByteBuf packet) {
        receive(now, packet, false);
    }

    /**
     * One IP packet whose TCP checksum is known to be right: a driver that cut it from a
     * super-segment and summed it itself, or a device that verified it (virtio-net's
     * {@code DATA_VALID}). The checksum is not summed again — as Linux takes
     * {@code CHECKSUM_UNNECESSARY} and {@code CHECKSUM_PARTIAL} packets without summing them.
     * Otherwise as {@link #receive}; a recording of it replays through {@code receive}, which
     * finds the same checksum right.
     */
    public void receiveChecksummed(long now, ByteBuf packet) {
        receive(now, packet, true);
    }

    private void receive(long now, ByteBuf packet, boolean checksummed) {
        journal.received(now, packet);
        stats.countReceived();
        DropReason reason = ip.wrap(packet);
        if (reason == DropReason.NOT_TCP && IcmpHandler.isIcmp(ip)) {
            reason = isLocal(ip) ? icmp.receive(now, ip) : DropReason.NOT_OUR_ADDRESS;
            if (reason != null) {
                stats.countDrop(reason);
            }
            return;
        }
        if (reason == null && !isLocal(ip)) {
            reason = DropReason.NOT_OUR_ADDRESS;
        }
        if (reason == null) {
            reason = checksummed ? tcp.wrapChecksummed(ip) : tcp.wrap(ip);
        }
        if (reason == null) {
            reason = options.parse(tcp);
        }
        if (reason != null) {
            stats.countDrop(reason);
            return;
        }
        Connection connection = lookup();
        if (connection != null) {
            if (connection.onSegment(now, tcp, options, ip.buffer(), ip.ecn())) {
                return;
            }
            connection.abortQuietly(now); // TIME-WAIT gives way to a new SYN
        }
        Listener listener = listeners.get(tcp.dstPort());
        if (listener != null) {
            onListen(now, listener);
        } else {
            stats.countDrop(DropReason.NO_CONNECTION);
            replyReset();
        }
    }

    /**
     * Runs every timer due at or before {@code now}. Only the due connections are visited: the
     * heap hands them over in O(k), and each one's new deadline costs O(log n) to re-key.
     */
    public void poll(long now) {
        journal.polled(now);
        if (deadlines.minKey() > now) {
            return;
        }
        dueScratch.clear();
        deadlines.collectDue(now, dueScratch);
        for (int i = 0; i < dueScratch.size(); i++) {
            dueScratch.get(i).onTimers(now);
        }
        dueScratch.clear();
    }

    /** When {@link #poll} must be called next; {@link Long#MAX_VALUE} when no timer runs. O(1). */
    public long nextDeadline() {
        return deadlines.minKey();
    }

    /** The heap of connections by deadline, for tests that check how much polling looks at. */
    DeadlineHeap<Connection> deadlineHeap() {
        return deadlines;
    }

    // ================================================================ opening

    /** Active open to {@code remoteAddress:remotePort} from this stack's first address of the same family. */
    public Connection connect(long now, byte[] remoteAddress, int remotePort, ConnectionOptions options,
                              ConnectionHandler handler) {
        journal.connect(now, null, 0, remoteAddress, remotePort, options, handler != null);
        byte[] local = localAddressFor(remoteAddress.length);
        int port = ephemeralPort(local, remoteAddress, remotePort);
        return open(now, local, port, remoteAddress, remotePort, options, handler);
    }

    /** Active open from a chosen local address and port. */
    public Connection connect(long now, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort,
                              ConnectionOptions options, ConnectionHandler handler) {
        journal.connect(now, localAddress, localPort, remoteAddress, remotePort, options, handler != null);
        return open(now, localAddress, localPort, remoteAddress, remotePort, options, handler);
    }

    private Connection open(long now, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort,
                            ConnectionOptions options, ConnectionHandler handler) {
        checkPort(remotePort, "remotePort");
        checkPort(localPort, "localPort");
        ConnectionKey key = ConnectionKey.of(localAddress, localPort, remoteAddress, remotePort);
        if (table.containsKey(key)) {
            throw new IllegalStateException("a connection " + key + " already exists");
        }
        Connection c = newConnection(now, key, options == null ? config.defaultOptions : options, handler, false);
        c.openActive(now);
        return c;
    }

    /** Passive open on {@code port}; {@code acceptHandler} may be null to use {@link Listener#accept()}. */
    public Listener listen(int port, ConnectionOptions options, AcceptHandler acceptHandler) {
        checkPort(port, "port");
        if (listeners.containsKey(port)) {
            throw new IllegalStateException("port " + port + " is already listening");
        }
        journal.listen(port, options, acceptHandler != null);
        Listener listener = new Listener(this, port, options == null ? config.defaultOptions : options,
                acceptHandler == null ? null : journal.acceptHandler(port, acceptHandler), config.backlog,
                config.synQueue);
        listeners.put(port, listener);
        return listener;
    }

    /** Forgets every server's Fast Open cookie and MSS (RFC 7413 §4.1.3; Linux: ip tcp_metrics flush). */
    public void forgetFastOpenCookies(long now) {
        journal.fastOpenCookiesForgotten(now);
        fastOpenCache.clear();
    }

    void removeListener(Listener listener) {
        listeners.remove(listener.port(), listener);
    }

    /**
     * RFC 9293 §3.10.7.2: a segment for a listening port. A SYN makes a connection in SYN-RECEIVED
     * while the listener's SYN queue has room, else gets a SYN cookie (RFC 4987 §3.6); an ACK is
     * checked as a returning cookie while cookies are in use, else answered with a RST. A listener
     * with Fast Open (RFC 7413 §4.2.2) answers its option ({@link FastOpenServer}).
     */
    private void onListen(long now, Listener listener) {
        int flags = tcp.flags();
        if ((flags & TcpHeader.RST) != 0) {
            stats.countDrop(DropReason.NO_CONNECTION);
            return;
        }
        if ((flags & TcpHeader.ACK) != 0) {
            if ((flags & TcpHeader.SYN) == 0 && cookiesInUse(now)) {
                onCookieAck(now, listener);
                return;
            }
            stats.countDrop(DropReason.NO_CONNECTION);
            replyReset();
            return;
        }
        if ((flags & TcpHeader.SYN) == 0) {
            stats.countDrop(DropReason.NO_CONNECTION);
            return;
        }
        if (listener.acceptQueueFull()) {
            stats.countDrop(DropReason.BACKLOG_FULL); // as Linux: the peer's SYN retransmission comes later
            return;
        }
        boolean ecnSetup = (flags & (TcpHeader.ECE | TcpHeader.CWR)) == (TcpHeader.ECE | TcpHeader.CWR);
        ConnectionKey scratch = ip.addressLength() == 4 ? lookupV4 : lookupV6;
        if (listener.synQueueFull()) {
            stats.countSynQueueOverflow();
            if (config.synCookies) {
                cookies.answerSyn(now, scratch, tcp, options, listener.options(), ecnSetup);
                cookieSent = true;
                lastCookieSent = now;
            } else {
                stats.countDrop(DropReason.SYN_QUEUE_FULL);
            }
            return;
        }
        int answer = fastOpen.answer(listener.options().fastOpen, listener.fastOpenPending, ip, tcp, options);
        Connection c = newConnection(now, scratch.copy(), listener.options(), null, true);
        if (answer == FastOpenServer.CHILD) {
            fastOpenListenerOf.put(c, listener);
            c.openFastOpen(now, tcp, options, ip.buffer(), ip.ecn());
            listener.onFastOpen(c, now); // into the accept queue now: its data is there to read (§4.2.2)
            return;
        }
        listener.halfOpen++;
        listenerOf.put(c, listener);
        c.openPassive(now, tcp.seq(), tcp.window(), options, flags, ip.ecn(),
                answer == FastOpenServer.COOKIE ? fastOpen.cookie() : null, options.fastOpenExperimental());
    }

    /** Cookies sent within the last two periods may still come back (Linux checks as long). */
    private boolean cookiesInUse(long now) {
        return cookieSent && now - lastCookieSent <= 128_000_000_000L;
    }

    /** An ACK that may return a SYN cookie: a valid one makes the connection, which the ACK completes. */
    private void onCookieAck(long now, Listener listener) {
        ConnectionKey scratch = ip.addressLength() == 4 ? lookupV4 : lookupV6;
        TcpOptions syn = cookies.restore(now, scratch, tcp, options);
        if (syn == null) {
            stats.countDrop(DropReason.BAD_SYN_COOKIE);
            if (tcp.payloadLength() == 0) {
                replyReset(); // RFC 9293 §3.10.7.2: an ACK in LISTEN gets a RST
            }
            // else no RST: a data segment of a cookie connection whose first segments were lost
            // carries SEG.SEQ − 1 ≠ the ISN the cookie hashed; the peer's retransmission of its
            // first segment will (Linux resets it, and with it a connection a flood made lossy)
            return;
        }
        if (listener.acceptQueueFull()) {
            stats.countDrop(DropReason.BACKLOG_FULL); // the peer's retransmission may find room
            return;
        }
        ConnectionKey key = scratch.copy();
        Connection c = newConnection(key, listener.options(), null, true, (tcp.ack() - 1) & 0xFFFFFFFFL,
                cookies.tsOffset(key));
        listener.halfOpen++;
        listenerOf.put(c, listener);
        int shift = syn.windowScale() >= 0 ? Math.min(syn.windowScale(), 14) : 0;
        c.openFromCookie(now, tcp.seq(), tcp.window() << shift, syn, cookies.ecnRestored(options));
        c.onSegment(now, tcp, options, ip.buffer(), ip.ecn());
        if (c.state() == io.tcplab.stack.conn.TcpState.SYN_RECEIVED) {
            c.abortQuietly(now); // the ACK did not complete it: no half-open state from a cookie
        }
    }

    private Connection newConnection(long now, ConnectionKey key, ConnectionOptions options,
                                     ConnectionHandler handler, boolean passive) {
        long iss = journal.isn(config.isnSource.isn(now, key.local(), key.localPort(), key.remote(), key.remotePort()));
        return newConnection(key, options, handler, passive, iss & 0xFFFFFFFFL, (int) config.random.nextLong());
    }

    private Connection newConnection(ConnectionKey key, ConnectionOptions options, ConnectionHandler handler,
                                     boolean passive, long iss, int tsOffset) {
        Connection c = new Connection(context, options, handler, key.local(), key.localPort(), key.remote(),
                key.remotePort(), iss, tsOffset, passive);
        table.put(key, c);
        connections.add(c);
        journal.created(c);
        return c;
    }

    // ================================================================ helpers

    /** The connection of the wrapped segment's four-tuple, null when none. */
    private Connection lookup() {
        boolean v4 = ip.addressLength() == 4;
        ConnectionKey last = v4 ? lastKeyV4 : lastKeyV6;
        if (lastKey == last && last.matches(ip, tcp)) {
            return lastConnection;
        }
        ConnectionKey key = v4 ? lookupV4 : lookupV6;
        key.fillFrom(ip, tcp);
        Connection connection = table.get(key);
        if (connection != null) {
            last.fill(key);
            lastKey = last;
            lastConnection = connection;
        }
        return connection;
    }

    /** The connection of a four-tuple, for ICMP errors that quote one of our segments. */
    private Connection findConnection(byte[] local, int localPort, byte[] remote, int remotePort) {
        ConnectionKey key = local.length == 4 ? lookupV4 : lookupV6;
        key.fill(local, localPort, remote, remotePort);
        return table.get(key);
    }

    private boolean isLocal(IpPacket packet) {
        List<byte[]> addresses = config.addresses;
        for (int i = 0; i < addresses.size(); i++) {
            byte[] a = addresses.get(i);
            if (a.length == packet.addressLength() && packet.dstEquals(a)) {
                return true;
            }
        }
        return false;
    }

    private byte[] localAddressFor(int length) {
        for (byte[] a : config.addresses) {
            if (a.length == length) {
                return a;
            }
        }
        throw new IllegalArgumentException("this stack has no IPv" + (length == 4 ? 4 : 6) + " address");
    }

    private int ephemeralPort(byte[] local, byte[] remote, int remotePort) {
        int start = (int) Math.floorMod(config.random.nextLong(), (long) EPHEMERAL_COUNT);
        for (int i = 0; i < EPHEMERAL_COUNT; i++) {
            int port = EPHEMERAL_LOW + (start + i) % EPHEMERAL_COUNT;
            if (!table.containsKey(ConnectionKey.of(local, port, remote, remotePort)) && !listeners.containsKey(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free ephemeral port towards this peer");
    }

    private static void checkPort(int port, String name) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(name + " must be 1 to 65535, got " + port);
        }
    }

    /** RFC 9293 §3.10.7.1: answer a segment with no connection with RST, never a RST with RST. */
    private void replyReset() {
        int flags = tcp.flags();
        if ((flags & TcpHeader.RST) != 0) {
            return;
        }
        boolean v4 = ip.addressLength() == 4;
        byte[] src = v4 ? replySrcV4 : replySrcV6;
        byte[] dst = v4 ? replyDstV4 : replyDstV6;
        ip.copyDst(src);
        ip.copySrc(dst);
        int seq;
        int ack;
        int outFlags;
        if ((flags & TcpHeader.ACK) != 0) {
            seq = tcp.ack();
            ack = 0;
            outFlags = TcpHeader.RST;
        } else {
            int segLen = tcp.payloadLength() + ((flags & TcpHeader.SYN) != 0 ? 1 : 0)
                    + ((flags & TcpHeader.FIN) != 0 ? 1 : 0);
            seq = 0;
            ack = SeqNum.wrap((tcp.seq() & 0xFFFFFFFFL) + segLen);
            outFlags = TcpHeader.RST | TcpHeader.ACK;
        }
        output.resetReply(src, dst, tcp.dstPort(), tcp.srcPort(), seq, ack, outFlags);
        stats.countResetSent();
    }

    /** The stack's side of the connection contract. */
    StackJournal journal() {
        return journal;
    }

    private final class Context implements StackContext {
        @Override
        public StackJournal journal() {
            return journal;
        }

        @Override
        public SegmentOutput output() {
            return output;
        }

        @Override
        public StackStats stats() {
            return stats;
        }

        @Override
        public boolean allowChallengeAck(long now) {
            // the first call opens the window: now - Long.MIN_VALUE would overflow and never reopen it
            if (challengeAcksInWindow == 0 || now - challengeWindowStart >= 1_000_000_000L) {
                challengeWindowStart = now;
                challengeAcksInWindow = 0;
            }
            return challengeAcksInWindow++ < config.challengeAcksPerSecond;
        }

        @Override
        public void onConnectionClosed(Connection connection) {
            ConnectionKey key = ConnectionKey.of(connection.localAddress(), connection.localPort(),
                    connection.remoteAddress(), connection.remotePort());
            table.remove(key, connection);
            if (lastConnection == connection) {
                lastConnection = null;
                lastKey = null;
            }
            connections.remove(connection);
            deadlines.remove(connection.timerSlot());
            Listener listener = listenerOf.remove(connection);
            if (listener != null) {
                listener.onHalfOpenGone();
            }
            fastOpenDone(connection);
        }

        @Override
        public void onPassiveEstablished(Connection connection, long now) {
            Listener listener = listenerOf.remove(connection);
            if (listener != null) {
                listener.onEstablished(connection, now);
            }
            fastOpenDone(connection);
        }

        /** A Fast Open connection left SYN-RECEIVED: its listener may take another (RFC 7413 §5.1). */
        private void fastOpenDone(Connection connection) {
            Listener listener = fastOpenListenerOf.remove(connection);
            if (listener != null) {
                listener.fastOpenPending--;
            }
        }

        @Override
        public io.tcplab.stack.conn.FastOpenCache fastOpenCache() {
            return fastOpenCache;
        }

        @Override
        public boolean virtualPayload() {
            return config.virtualPayload;
        }

        @Override
        public void onDeadlineChanged(Connection connection) {
            // A closed connection has left the table; it must not come back into the heap.
            if (connection.state() != io.tcplab.stack.conn.TcpState.CLOSED) {
                deadlines.update(connection.timerSlot(), connection.nextDeadline());
            }
        }
    }
}
