package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.timer.DeadlineHeap;
import io.tcplab.stack.trace.TraceEvent;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * One TCP connection (the TCB), driven by its stack: segment arrival per RFC 9293 §3.10.7, the
 * user calls of §3.10.1–§3.10.6, and its timers. This class owns the RFC 9293 state and serves
 * the user API; each mechanism has its own part: {@link Opening} (the ways it opens),
 * {@link Handshake} (opening and what it agrees), {@link SegmentArrival} (§3.10.7 in the RFC's
 * order), {@link AckProcessor} and {@link Recovery} (what ACKs and timeouts mean), {@link Sender}
 * (what to send), {@link Receiver}, {@link SegmentEmitter} (every segment built),
 * {@link Timestamps}, {@link PathMtu}, {@link KeepAlive}, {@link TimerDispatch},
 * {@link Closing} (how it ends), {@link SocketOptions} (changes while open) and
 * {@link ConnectionViews} (trace and info).
 *
 * <p>Every method takes the current time and must be called on the thread that drives the stack.
 */
public final class Connection {
    final StackContext ctx;
    final ConnectionOptions options;
    ConnectionHandler handler;
    final byte[] localAddress;
    final byte[] remoteAddress;
    final int localPort;
    final int remotePort;
    final boolean passive;
    final TimerTable timers = new TimerTable();
    /** Where the stack's deadline heap keeps this connection, keyed by {@link #nextDeadline()}. */
    private final DeadlineHeap.Slot<Connection> timerSlot = new DeadlineHeap.Slot<>(this);
    final Sender sender;
    /** The send sequence variables, owned by the sender; read here for the wire and the trace. */
    private final SendSequence snd;
    final AckProcessor acks;
    Receiver receiver;
    TcpState state = TcpState.CLOSED;

    private boolean writeBlocked;
    final Timestamps timestamps;
    final SegmentEmitter emitter;
    final Handshake handshake;
    /** Accurate ECN's receiving and sending halves (RFC 9768 §3.2), idle unless the handshake agrees on it. */
    final AccEcnReceiver accReceiver = new AccEcnReceiver();
    final AccEcnSender accSender = new AccEcnSender();
    private final PathMtu pathMtu;
    private final KeepAlive keepAlive;
    private final Opening opening;
    private final SocketOptions socketOptions;
    final Closing closing = new Closing(this);
    private final SegmentArrival arrival;
    private final TimerDispatch timerDispatch;
    private final ConnectionViews views;


    /**
     * Made by the stack for {@code connect} (active) or for an arriving SYN (passive). {@code iss}
     * is the initial send sequence number (RFC 6528), {@code tsOffset} the random offset of our
     * timestamp clock (RFC 7323 §5.4).
     */
    public Connection(StackContext ctx, ConnectionOptions options, ConnectionHandler handler, byte[] localAddress,
                      int localPort, byte[] remoteAddress, int remotePort, long iss, int tsOffset, boolean passive) {
        this.ctx = ctx;
        this.options = options;
        this.localAddress = localAddress.clone();
        this.remoteAddress = remoteAddress.clone();
        this.localPort = localPort;
        this.remotePort = remotePort;
        this.passive = passive;
        // the algorithm's seed: both values came from the stack's random source, so no draw is added
        this.sender = new Sender(this, options, iss, iss << 32 ^ (tsOffset & 0xFFFFFFFFL),
                options.congestionControlFactory.get(), timers);
        this.snd = sender.sequence();
        this.acks = new AckProcessor(this, options, sender, timers);
        this.timestamps = new Timestamps(options.timestampTickNanos, tsOffset);
        this.emitter = new SegmentEmitter(this, sender, timestamps, timers);
        this.pathMtu = new PathMtu(this, sender, timestamps);
        this.keepAlive = new KeepAlive(this, options, emitter, timers);
        this.handshake = new Handshake(this, options, sender, timestamps, emitter, pathMtu, keepAlive, timers);
        this.opening = new Opening(this, handshake, keepAlive);
        this.socketOptions = new SocketOptions(this, sender.buffer(), handshake, keepAlive);
        this.arrival = new SegmentArrival(this, snd);
        this.timerDispatch = new TimerDispatch(this, timers, sender, handshake, emitter, keepAlive);
        this.views = new ConnectionViews(sender, timestamps, handshake, accSender, accReceiver);
        install(handler);
    }

    // ================================================================ opening

    /** The receiving half starts once the peer's initial sequence number {@code irs} is known. */
    void startReceiving(long irs) {
        receiver = new Receiver(options.receiveBufferBytes, irs, handshake.ourMss(), options.quickAckSegments,
                ctx.virtualPayload());
    }

    /** The receiving half, or null before the peer's SYN. */
    Receiver receiver() {
        return receiver;
    }

    /** Active open (RFC 9293 §3.10.1): {@link Opening#active}. */
    public void openActive(long now) {
        opening.active(now);
        ctx.onDeadlineChanged(this);
    }

    /** Passive open from a SYN that reached a listener (RFC 9293 §3.10.7.2): {@link Opening#passive}. */
    public void openPassive(long now, int segSeq, int window, TcpOptions synOptions, int synFlags, int synIpEcn,
                            byte[] fastOpenCookie, boolean experimental) {
        opening.passive(now, segSeq, window, synOptions, synFlags, synIpEcn, fastOpenCookie, experimental);
        ctx.onDeadlineChanged(this);
    }

    /** Passive Fast Open from a SYN with data (RFC 7413 §4.2.2): {@link Opening#fastOpen}. */
    public void openFastOpen(long now, TcpHeader syn, TcpOptions synOptions, ByteBuf packet, int synIpEcn) {
        opening.fastOpen(now, syn, synOptions, packet, synIpEcn);
        ctx.onDeadlineChanged(this);
    }

    /** The passive open of a SYN cookie's ACK (RFC 4987 §3.6): {@link Opening#fromCookie}. */
    public void openFromCookie(long now, int segSeq, int scaledWindow, TcpOptions synOptions, boolean ecnSetup) {
        opening.fromCookie(now, segSeq, scaledWindow, synOptions, ecnSetup);
        ctx.onDeadlineChanged(this);
    }

    // ================================================================ segment arrival

    /**
     * A segment for this connection (already checksummed and demultiplexed). Returns false when
     * the connection is in TIME-WAIT and the segment is a new SYN that may reopen it (RFC 9293
     * §3.10.7.4 note, RFC 6191): the stack then closes this connection and hands the SYN to its
     * listener.
     */
    public boolean onSegment(long now, TcpHeader tcp, TcpOptions opts, ByteBuf packet, int ecn) {
        keepAlive.heard(now);
        try {
            return arrival.onSegment(now, state, tcp, opts, packet, ecn);
        } finally {
            ctx.onDeadlineChanged(this);
        }
    }

    // ================================================================ ICMP errors

    /**
     * An ICMP error quoting one of our segments (RFC 9293 §3.9.2.2, RFC 1122 §4.2.3.9), already
     * matched to this connection by four-tuple. {@code quotedSeq} is the quoted raw sequence number;
     * {@code mtu} the reported MTU of a {@link SoftError#PACKET_TOO_BIG}, else ignored. Returns null
     * when accepted, or {@link DropReason#ICMP_OUT_OF_WINDOW} when the quoted sequence number is not
     * in [SND.UNA, SND.NXT) (RFC 5927 §4.1: not a segment in flight, so maybe forged).
     *
     * <p>Errors are soft (RFC 5461): recorded in {@link #lastSoftError()} and the trace. A
     * {@linkplain SoftError#hard() hard} one in SYN-SENT aborts with {@link ConnectionError#REFUSED}.
     * Packet Too Big lowers the send MSS (RFC 1191 §6.4, RFC 8201 §5.4) and resends what it dropped.
     */
    public DropReason onIcmpError(long now, SoftError error, int quotedSeq, long mtu) {
        DropReason dropped = pathMtu.onError(now, error, quotedSeq, mtu);
        ctx.onDeadlineChanged(this);
        return dropped;
    }

    /** The last ICMP error that reached this connection, or null (RFC 1122 §4.2.3.9: reported, not fatal). */
    public SoftError lastSoftError() {
        return pathMtu.lastSoftError();
    }

    /** The path MTU an ICMP error reported, or 0 while none did. */
    public int pathMtu() {
        return pathMtu.pathMtu();
    }

    // ================================================================ timers

    public long nextDeadline() {
        return timers.earliest();
    }

    /** The stack's handle on this connection in its deadline heap; opaque to applications. */
    public DeadlineHeap.Slot<Connection> timerSlot() {
        return timerSlot;
    }

    /** Runs every timer due at or before {@code now}. */
    public void onTimers(long now) {
        timerDispatch.run(now);
        ctx.onDeadlineChanged(this);
    }

    // ================================================================ user calls

    /** Queues bytes for sending; returns how many were taken (fewer when the send buffer is full). */
    public int write(long now, ByteBuf src) {
        return write(now, src, src.readableBytes());
    }

    /**
     * Queues bytes for sending; returns how many were taken (fewer when the send buffer is full).
     * The first write of a Fast Open connection whose SYN waits takes only what the SYN carries
     * ({@link #writableBytes}) and sends the SYN with it, even when it takes nothing.
     */
    public int write(long now, ByteBuf src, int length) {
        int room = writableBytes();
        ctx.journal().write(now, this, length, Math.min(length, room), src);
        return writable() ? afterWrite(now, sender.buffer().write(src, Math.min(length, room)), length)
                : ctx.journal().result(0);
    }

    public int write(long now, byte[] src, int offset, int length) {
        int room = writableBytes();
        ctx.journal().write(now, this, length, Math.min(length, room), src, offset);
        return writable() ? afterWrite(now, sender.buffer().write(src, offset, Math.min(length, room)), length)
                : ctx.journal().result(0);
    }

    private int afterWrite(long now, int taken, int asked) {
        writeBlocked = taken < asked;
        if (handshake.synWaitsForData()) {
            handshake.sendSyn(now, false);
        }
        afterUserCall(now);
        return ctx.journal().result(taken);
    }

    private boolean writable() {
        return !sender.closeRequested() && (state.canSend() || state == TcpState.SYN_SENT
                || state == TcpState.SYN_RECEIVED);
    }

    /**
     * The bytes written so far end a record: no segment, new or retransmitted, carries both them
     * and bytes written later (Linux's send flag MSG_EOR). Nothing written since the last record
     * end: no change.
     */
    public void endRecord(long now) {
        ctx.journal().endRecord(now, this);
        sender.buffer().endRecord();
    }

    /** The options the application changes on this open connection (setsockopt after connect or accept). */
    public SocketOptions socketOptions() {
        return socketOptions;
    }

    /** Free space in the send buffer; while a Fast Open SYN waits for data, what it can carry. */
    public int writableBytes() {
        if (!writable()) {
            return 0;
        }
        int free = sender.buffer().free();
        return handshake.synWaitsForData() ? Math.min(free, handshake.synDataRoom()) : free;
    }

    /** The SYN waits for the application's first write (Fast Open with a cookie, see {@link #openActive}). */
    public boolean synWaitsForData() {
        return handshake.synWaitsForData();
    }

    /** Reads in-order bytes; returns the count, 0 when none is ready, -1 after the peer's FIN. */
    public int read(long now, ByteBuf dst, int max) {
        ctx.journal().read(now, this, max);
        return ctx.journal().result(receiver == null ? 0 : afterRead(now, receiver.buffer().read(dst, max)));
    }

    public int read(long now, byte[] dst, int offset, int length) {
        ctx.journal().read(now, this, length);
        return ctx.journal().result(receiver == null ? 0 : afterRead(now, receiver.buffer().read(dst, offset, length)));
    }

    private int afterRead(long now, int n) {
        if (n > 0 && state.synchronized_() && state != TcpState.TIME_WAIT && receiver.windowUpdateWorthSending()) {
            emitter.ack(now); // a window update (RFC 9293 §3.8.6.2.2)
            ctx.onDeadlineChanged(this);
        }
        if (n == 0 && receiver.finReceived()) {
            return -1;
        }
        return n;
    }

    /** What the connection's buffers hold in memory now. */
    public BufferMemory memory() {
        return BufferMemory.of(sender.buffer(), receiver == null ? null : receiver.buffer());
    }

    /** In-order bytes ready to read. */
    public int readableBytes() {
        return receiver == null ? 0 : receiver.buffer().readable();
    }

    /** The peer's FIN arrived (bytes before it may still wait to be read). */
    public boolean finReceived() {
        return receiver != null && receiver.finReceived();
    }

    /** The peer sent its FIN and every byte before it has been read. */
    public boolean atEof() {
        return receiver != null && receiver.finReceived() && receiver.buffer().readable() == 0;
    }

    /** Half-close (RFC 9293 §3.10.4 for our direction): send FIN after the queued data. */
    public void shutdownOutput(long now) {
        closing.shutdownOutput(now);
    }

    /**
     * Close (RFC 9293 §3.10.4): no more reading or writing; with unread received data an abort
     * ({@link Closing#close}).
     */
    public void close(long now) {
        closing.close(now);
    }

    /** Abort (RFC 9293 §3.10.5): send RST if synchronized and forget the connection. */
    public void abort(long now) {
        closing.abort(now);
    }

    /**
     * Forgets the connection without a RST or an error: a TIME-WAIT giving way to a new SYN, or a
     * passive SYN-RECEIVED reset by the peer (RFC 9293: back to LISTEN).
     */
    public void abortQuietly(long now) {
        closing.abortQuietly(now);
    }

    /** After a user call: send what it allows, and tell the stack the deadlines may have changed. */
    void afterUserCall(long now) {
        if (sendsData()) {
            sender.trySend(now);
        }
        ctx.onDeadlineChanged(this);
    }

    /** Data may go out: once synchronized, or in SYN-RECEIVED after a Fast Open SYN (RFC 7413 §4.2.2). */
    boolean sendsData() {
        return state.synchronized_() || state == TcpState.SYN_RECEIVED && handshake.fastOpenChild();
    }

    /** The sender freed buffer space (an ACK arrived). */
    void onSendSpace(long now) {
        if (writeBlocked && sender.buffer().free() > 0) {
            writeBlocked = false;
            handler.onWritable(this, now);
        }
    }

    ConnectionHandler handler() {
        return handler;
    }

    // ================================================================ state

    void setState(TcpState next, long now) {
        if (next != state) {
            state = next;
            trace(now, TraceEvent.TCP_STATE, next.name(), snd.una(), 0);
        }
    }

    // ================================================================ tracing and views

    public void setTraceListener(TraceListener listener) {
        views.setListener(listener);
    }

    void trace(long now, TraceEvent event, String detail, long seq, int length) {
        views.trace(now, state, event, detail, seq, length);
    }

    public TcpState state() {
        return state;
    }

    public ConnectionError error() {
        return closing.error();
    }

    public ConnectionOptions options() {
        return options;
    }

    public void setHandler(ConnectionHandler handler) {
        install(handler);
    }

    private void install(ConnectionHandler h) {
        handler = ctx.journal().handler(this, h == null ? ConnectionHandler.NONE : h);
    }

    public byte[] localAddress() {
        return localAddress.clone();
    }

    public byte[] remoteAddress() {
        return remoteAddress.clone();
    }

    public int localPort() {
        return localPort;
    }

    public int remotePort() {
        return remotePort;
    }

    public ConnectionInfo info() {
        return views.info(state, receiver);
    }

    @Override
    public String toString() {
        return "Connection[" + localPort + "->" + remotePort + " " + state + "]";
    }
}
