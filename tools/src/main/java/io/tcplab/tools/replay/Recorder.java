package io.tcplab.tools.replay;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.AcceptHandler;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfigText;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.OptionsText;
import io.tcplab.stack.journal.StackJournal;
import io.tcplab.tools.replay.Event.Callback;
import io.tcplab.tools.replay.Event.Kind;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a recording of one stack (docs/replay.md): hand it the stack's random source and packet
 * sink to wrap before the stack is built ({@link #random}, {@link #sink}), then {@link #attach}
 * the stack, which writes the file's header with the stack's configuration. From then on every
 * input, draw, connection, callback and emitted packet goes to the file in the order it
 * happened; {@link #close} ends it. Runs on the thread that drives the stack.
 */
public final class Recorder implements StackJournal, CallbackBrackets, AutoCloseable {
    private final Path file;
    private final String setup;
    private final PacketDigest digest;
    /** The draws made while the stack was being built, before the file had its header. */
    private final List<Long> earlyDraws = new ArrayList<>();
    private DataOutputStream out;
    private ChunkedOutput chunks;
    private final Event event = new Event();
    private final ConnectionNumbers ids = new ConnectionNumbers();
    private TcpStack stack;

    /** A recording of every byte to be written to {@code file}; {@code setup} says what ran (the command line). */
    public Recorder(Path file, String setup) {
        this(file, setup, Keep.PACKETS);
    }

    /** A recording to be written to {@code file} keeping {@code keep} of each packet. */
    public Recorder(Path file, String setup, Keep keep) {
        this.file = file;
        this.setup = setup;
        this.digest = new PacketDigest(keep);
    }

    /** {@code base}, each draw noted. */
    public RandomSource random(RandomSource base) {
        return () -> {
            long value = base.nextLong();
            if (out == null) {
                earlyDraws.add(value);
            } else {
                event.kind = Kind.RANDOM;
                event.value = value;
                put();
            }
            return value;
        };
    }

    /** {@code base}, each packet's length, digest and headers noted before it leaves. */
    public PacketSink sink(PacketSink base) {
        return packet -> {
            int n = packet.readableBytes();
            int read = digest.bytesToDigest(n);
            byte[] copy = event.bytes(read);
            packet.getBytes(packet.readerIndex(), copy, 0, read);
            event.kind = Kind.OUTPUT;
            event.length = n;
            event.value = digest.digest(copy, n);
            event.byteCount = PacketDigest.keptOfEmitted(copy, n);
            put();
            base.send(packet);
        };
    }

    /** Writes the header with the stack's configuration; from now on its inputs and callbacks are recorded. */
    public void attach(TcpStack stack) throws IOException {
        RecordingFile.Created created = RecordingFile.create(file, setup, StackConfigText.format(stack.config()),
                digest.keep());
        out = created.entries();
        chunks = created.chunks();
        this.stack = stack;
        for (long draw : earlyDraws) {
            event.kind = Kind.RANDOM;
            event.value = draw;
            put();
        }
        stack.journal(this);
    }

    /** {@link #attach}, a failure to write the header as an unchecked one (for a driver's callback). */
    public void attachOrFail(TcpStack stack) {
        try {
            attach(stack);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the recording: " + e.getMessage(), e);
        }
    }

    @Override
    public long isn(long iss) {
        event.kind = Kind.ISN;
        event.value = iss;
        put();
        return iss;
    }

    @Override
    public void received(long now, ByteBuf packet) {
        deadline();
        event.kind = Kind.RECEIVE;
        event.time = now;
        int n = packet.readableBytes();
        event.length = n;
        int at = packet.readerIndex();
        if (digest.keep() == Keep.PACKETS) {
            packet.getBytes(at, event.bytes(n), 0, n);
        } else {
            int read = Math.min(n, PacketDigest.MAX_HEADERS);
            byte[] bytes = event.bytes(read);
            packet.getBytes(at, bytes, 0, read);
            int kept = PacketDigest.headerLength(bytes, n);
            if (kept > read) {
                packet.getBytes(at, event.bytes(kept), 0, kept);
            }
            event.byteCount = kept;
            event.value = kept < n ? PacketDigest.payloadSum(packet, at + kept, n - kept) : 0;
        }
        put();
    }

    @Override
    public void polled(long now) {
        deadline();
        event.kind = Kind.POLL;
        event.time = now;
        put();
    }

    /** The next deadline as the stack saw it before a network input: a replay must see the same. */
    private void deadline() {
        event.kind = Kind.DEADLINE;
        event.value = stack.nextDeadline();
        put();
    }

    @Override
    public void created(Connection connection) {
        connection(Kind.CREATED, connection);
    }

    @Override
    public ConnectionHandler handler(Connection connection, ConnectionHandler handler) {
        event.flag = handler != ConnectionHandler.NONE;
        connection(Kind.HANDLER, connection);
        return handler == ConnectionHandler.NONE ? handler : bracket(handler);
    }

    @Override
    public AcceptHandler acceptHandler(int port, AcceptHandler handler) {
        return bracket(handler);
    }

    @Override
    public void begin(Callback callback, Connection c, long now) {
        event.callback = callback;
        start(Kind.CALLBACK, now, c);
        put();
    }

    @Override
    public void end(boolean flag) {
        event.kind = Kind.END;
        event.flag = flag;
        put();
    }

    @Override
    public void connect(long now, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort,
                        ConnectionOptions options, boolean handler) {
        event.kind = Kind.CONNECT;
        event.time = now;
        event.local = localAddress;
        event.port = localPort;
        event.remote = remoteAddress;
        event.remotePort = remotePort;
        event.options = options == null ? "" : OptionsText.format(options);
        event.flag = handler;
        put();
    }

    @Override
    public void listen(int port, ConnectionOptions options, boolean acceptHandler) {
        event.kind = Kind.LISTEN;
        event.port = port;
        event.options = options == null ? "" : OptionsText.format(options);
        event.flag = acceptHandler;
        put();
    }

    @Override
    public void accepted(int port, Connection connection) {
        event.kind = Kind.ACCEPTED;
        event.port = port;
        event.id = connection == null ? -1 : ids.of(connection);
        put();
    }

    @Override
    public void listenerClosed(int port) {
        event.kind = Kind.LISTENER_CLOSED;
        event.port = port;
        put();
    }

    @Override
    public void write(long now, Connection connection, int length, int room, ByteBuf src) {
        src.getBytes(src.readerIndex(), startWrite(now, connection, length, room), 0, event.byteCount);
        put();
    }

    @Override
    public void write(long now, Connection connection, int length, int room, byte[] src, int offset) {
        System.arraycopy(src, offset, startWrite(now, connection, length, room), 0, event.byteCount);
        put();
    }

    /** The write's entry, with room for the data it keeps: all that was taken, or none under headers-only. */
    private byte[] startWrite(long now, Connection connection, int length, int room) {
        start(Kind.WRITE, now, connection);
        event.length = length;
        event.room = room;
        return event.bytes(digest.keep() == Keep.PACKETS ? room : 0);
    }

    @Override
    public void read(long now, Connection connection, int max) {
        start(Kind.READ, now, connection);
        event.length = max;
        put();
    }

    @Override
    public int result(int value) {
        event.kind = Kind.RESULT;
        event.value = value;
        put();
        return value;
    }

    @Override
    public void shutdownOutput(long now, Connection connection) {
        call(Kind.SHUTDOWN, now, connection);
    }

    /** Not in the recording format yet: refused, so that no recording leaves out an input. */
    @Override
    public void endRecord(long now, Connection connection) {
        throw new UnsupportedOperationException("a recording cannot hold Connection.endRecord (docs/replay.md)");
    }

    /** Not in the recording format yet: refused, so that no recording leaves out an input. */
    @Override
    public void synRetries(long now, Connection connection, int retries) {
        throw new UnsupportedOperationException("a recording cannot hold SocketOptions.setSynRetries (docs/replay.md)");
    }

    /** Not in the recording format yet: refused, so that no recording leaves out an input. */
    @Override
    public void keepAliveIdle(long now, Connection connection, long nanos) {
        throw new UnsupportedOperationException("a recording cannot hold SocketOptions.setKeepAliveIdle (docs/replay.md)");
    }

    /** Not in the recording format yet: refused, so that no recording leaves out an input. */
    @Override
    public void fastOpenCookiesForgotten(long now) {
        throw new UnsupportedOperationException("a recording cannot hold TcpStack.forgetFastOpenCookies (docs/replay.md)");
    }

    /** Not in the recording format yet: refused, so that no recording leaves out an input. */
    @Override
    public void sendBufferBytes(long now, Connection connection, int bytes) {
        throw new UnsupportedOperationException("a recording cannot hold SocketOptions.setSendBufferBytes (docs/replay.md)");
    }

    @Override
    public void close(long now, Connection connection) {
        call(Kind.CLOSE, now, connection);
    }

    @Override
    public void abort(long now, Connection connection) {
        call(Kind.ABORT, now, connection);
    }

    @Override
    public void abortQuietly(long now, Connection connection) {
        call(Kind.ABORT_QUIETLY, now, connection);
    }

    private void call(Kind kind, long now, Connection connection) {
        start(kind, now, connection);
        put();
    }

    /** An entry of {@code kind} about {@code connection} at {@code now}, its other fields to follow. */
    private void start(Kind kind, long now, Connection connection) {
        event.kind = kind;
        event.time = now;
        event.id = ids.of(connection);
    }

    private void connection(Kind kind, Connection connection) {
        event.kind = kind;
        event.id = ids.of(connection);
        put();
    }

    private void put() {
        try {
            event.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("recording: " + e.getMessage(), e);
        }
    }

    /** How long the recording held the stack's thread, waiting for its compressor (0 before {@link #attach}). */
    public long heldNanos() {
        return chunks == null ? 0 : chunks.heldNanos();
    }

    /**
     * What the recording came to, for the end of a run: where, how much before and after
     * compression, and how long it held the stack's thread (a run it held went slower than it
     * would have unrecorded). Call after {@link #close}.
     */
    public String summary() {
        if (chunks == null) {
            return "nothing was recorded to " + file;
        }
        String s = String.format(Locale.ROOT, "recorded to %s: %.1f MB, %.1f MB compressed", file,
                chunks.rawBytes() / 1e6, chunks.fileBytes() / 1e6);
        long held = chunks.heldNanos();
        return held == 0 ? s : s + String.format(Locale.ROOT, "; the recording held the stack for %.3f s in all, "
                + "waiting for its compressor (the run went slower than it would have unrecorded)", held / 1e9);
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            event.kind = Kind.EOF;
            put();
            out.close();
        }
    }
}
