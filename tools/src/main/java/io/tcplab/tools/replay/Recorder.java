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
import java.util.zip.CRC32;

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
    /** The draws made while the stack was being built, before the file had its header. */
    private final List<Long> earlyDraws = new ArrayList<>();
    private DataOutputStream out;
    private final Event event = new Event();
    private final ConnectionNumbers ids = new ConnectionNumbers();
    private final CRC32 crc = new CRC32();
    private TcpStack stack;

    /** A recording to be written to {@code file}; {@code setup} says what ran (the command line). */
    public Recorder(Path file, String setup) {
        this.file = file;
        this.setup = setup;
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

    /** {@code base}, each packet's length, checksum and headers noted before it leaves. */
    public PacketSink sink(PacketSink base) {
        return packet -> {
            int n = packet.readableBytes();
            byte[] copy = event.bytes(n);
            packet.getBytes(packet.readerIndex(), copy, 0, n);
            crc.reset();
            crc.update(copy, 0, n);
            event.kind = Kind.OUTPUT;
            event.length = n;
            event.value = (int) crc.getValue();
            event.byteCount = Math.min(n, Replay.HEADER_BYTES);
            put();
            base.send(packet);
        };
    }

    /** Writes the header with the stack's configuration; from now on its inputs and callbacks are recorded. */
    public void attach(TcpStack stack) throws IOException {
        out = RecordingFile.create(file, setup, StackConfigText.format(stack.config()));
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
        packet.getBytes(packet.readerIndex(), event.bytes(n), 0, n);
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
        src.getBytes(src.readerIndex(), startWrite(now, connection, length, room), 0, room);
        put();
    }

    @Override
    public void write(long now, Connection connection, int length, int room, byte[] src, int offset) {
        System.arraycopy(src, offset, startWrite(now, connection, length, room), 0, room);
        put();
    }

    private byte[] startWrite(long now, Connection connection, int length, int room) {
        start(Kind.WRITE, now, connection);
        event.length = length;
        return event.bytes(room);
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

    @Override
    public void close() throws IOException {
        if (out != null) {
            event.kind = Kind.EOF;
            put();
            out.close();
        }
    }
}
