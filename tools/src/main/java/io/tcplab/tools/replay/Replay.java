package io.tcplab.tools.replay;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.AcceptHandler;
import io.tcplab.stack.Listener;
import io.tcplab.stack.StackConfigText;
import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.OptionsText;
import io.tcplab.stack.journal.StackJournal;
import io.tcplab.tools.replay.Event.Callback;
import io.tcplab.tools.replay.Event.Kind;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Replays a recording (docs/replay.md) on virtual time: a stack made as the recorded one was
 * ({@link StackFactory}) is handed the recorded inputs — packets, polls and the application's
 * calls, each at its recorded place, callbacks' calls inside the callbacks — and every draw,
 * connection, callback and packet it produces is checked against the recording as it happens.
 * The first difference stops the replay with a {@link Divergence} that says where.
 */
public final class Replay implements StackJournal, CallbackBrackets {
    /**
     * What a finished replay went through; {@code spanNanos} from the first network input to the
     * last; {@code recordedBy} the tcplab that made the recording, {@code keep} what it kept.
     */
    public record Result(String setup, String recordedBy, Keep keep, long entries, long packets, long inputs,
                         long spanNanos) {
    }

    /**
     * What a caller sees of the replayed stack as it goes (to trace it, say): each connection as
     * the stack makes it, numbered as the recording numbers it, and the bytes each of the
     * application's writes and reads moved. Called on the replay's thread, inside the stack's
     * calls; what it does must not touch the stack, or the replay checks a different run.
     */
    public interface Observer {
        Observer NONE = new Observer() {
        };

        /** {@code connection} has just been made, {@code now} the time of the input that made it. */
        default void created(int number, Connection connection, long now) {
        }

        /** A write took the first {@code n} bytes of {@code data}. */
        default void written(Connection connection, byte[] data, int n) {
        }

        /** A read delivered {@code n} bytes into the start of {@code data}. */
        default void read(Connection connection, byte[] data, int n) {
        }
    }

    /** The replay and the recording part here: one line saying where and how. */
    public static final class Divergence extends RuntimeException {
        Divergence(String message) {
            super(message);
        }
    }

    private final DataInputStream in;
    private final String setup;
    private final String recordedBy;
    private final String config;
    private final PacketDigest digest;
    /** A what-if replay's change to every connection's options; identity for a faithful one. */
    private final UnaryOperator<ConnectionOptions> whatIf;
    private final Observer observer;
    /** The time of the input being performed. */
    private long inputNanos;
    /** The first entry not yet matched: what the recording says happens next. */
    private final Event next = new Event();
    private long entries;
    private long packets;
    private long inputs;
    private long firstNanos = -1;
    private long lastNanos;
    private TcpStack stack;
    private final ConnectionNumbers ids = new ConnectionNumbers();
    private final Map<Integer, Listener> listeners = new HashMap<>();
    private byte[] scratch = new byte[2048];
    /** Where reads go: not the scratch, which a packet the read makes the stack send would overwrite. */
    private byte[] readBuffer = new byte[2048];
    private final ConnectionHandler application = new ConnectionHandler() {
        @Override
        public void onEstablished(Connection c, long now) {
            performUntilEnd();
        }

        @Override
        public void onReadable(Connection c, long now) {
            performUntilEnd();
        }

        @Override
        public void onWritable(Connection c, long now) {
            performUntilEnd();
        }

        @Override
        public void onClosed(Connection c, ConnectionError error, long now) {
            performUntilEnd();
        }
    };
    private final AcceptHandler acceptor = (c, now) -> {
        performUntilEnd();
        return next.flag ? application : null;
    };

    private Replay(RecordingFile.Opened opened, UnaryOperator<ConnectionOptions> whatIf, Observer observer) {
        this.in = opened.entries();
        this.setup = opened.setup();
        this.recordedBy = opened.recordedBy();
        this.config = opened.config();
        this.digest = new PacketDigest(opened.keep());
        this.whatIf = whatIf;
        this.observer = observer;
        advance();
    }

    /** The setup text a recording was made with (how to make its stack). */
    public static String setup(Path file) throws IOException {
        RecordingFile.Opened opened = RecordingFile.open(file);
        opened.entries().close();
        return opened.setup();
    }

    /**
     * Replays {@code file} to its end on a stack made as the recorded one was; a difference is a
     * {@link Divergence}.
     */
    public static Result run(Path file) throws IOException {
        return run(file, Observer.NONE);
    }

    /** {@link #run(Path)}, {@code observer} seeing each connection as it is made. */
    public static Result run(Path file, Observer observer) throws IOException {
        return run(new Replay(RecordingFile.open(file), UnaryOperator.identity(), observer));
    }

    /**
     * A what-if replay: the recorded inputs handed to a stack whose connections' options
     * {@code change} alters; it stops where the stack first does something the recorded one did not.
     */
    public static Result run(Path file, UnaryOperator<ConnectionOptions.Builder> change) throws IOException {
        return run(file, change, Observer.NONE);
    }

    /** {@link #run(Path, UnaryOperator)}, {@code observer} seeing each connection as it is made. */
    public static Result run(Path file, UnaryOperator<ConnectionOptions.Builder> change, Observer observer)
            throws IOException {
        return run(new Replay(RecordingFile.open(file), o -> change.apply(o.toBuilder()).build(), observer));
    }

    private static Result run(Replay replay) throws IOException {
        try (DataInputStream closing = replay.in) {
            return replay.run();
        }
    }

    private Result run() {
        stack = new TcpStack(StackConfigText.parse(config, this::draw, whatIf), this::emitted);
        stack.journal(this);
        while (next.kind != Kind.EOF) {
            if (next.kind == Kind.DEADLINE) {
                long recorded = next.value;
                if (stack.nextDeadline() != recorded) {
                    diverge(Segments.deadline(stack.nextDeadline()));
                }
                advance();
            } else if (next.kind.isInput()) {
                perform();
            } else {
                diverge("nothing (the replay was waiting for the next input)");
            }
        }
        return new Result(setup, recordedBy, digest.keep(), entries, packets, inputs,
                firstNanos < 0 ? 0 : lastNanos - firstNanos);
    }

    /** Inside a callback: the application's calls the recording shows there, up to the callback's end. */
    private void performUntilEnd() {
        while (next.kind != Kind.END) {
            if (!next.kind.isInput()) {
                diverge("the end of the callback");
            }
            perform();
        }
    }

    /** Hands the stack the input at the cursor; the stack's journal call then matches it. */
    private void perform() {
        inputs++;
        long t = next.time;
        long outer = inputNanos;
        inputNanos = t;
        try {
            perform(t);
        } finally {
            inputNanos = outer;
        }
    }

    private void perform(long t) {
        switch (next.kind) {
            case RECEIVE -> stack.receive(t, Unpooled.wrappedBuffer(
                    PacketDigest.rebuild(next.bytes, next.byteCount, next.length, (int) next.value)));
            case POLL -> stack.poll(t);
            case CONNECT -> {
                ConnectionOptions options = options(next.options);
                ConnectionHandler h = next.flag ? application : null;
                if (next.local == null) {
                    stack.connect(t, next.remote, next.remotePort, options, h);
                } else {
                    stack.connect(t, next.local, next.port, next.remote, next.remotePort, options, h);
                }
            }
            case LISTEN -> {
                int port = next.port;
                listeners.put(port, stack.listen(port, options(next.options), next.flag ? acceptor : null));
            }
            case ACCEPTED -> listener(next.port).accept();
            case LISTENER_CLOSED -> listener(next.port).close();
            case HANDLER -> connection(next.id).setHandler(next.flag ? application : null);
            case WRITE -> {
                Connection c = connection(next.id);
                int length = next.length;
                byte[] data = copy(next.byteCount, length);
                int n = c.write(t, data, 0, length);
                if (n > 0) {
                    observer.written(c, data, n);
                }
            }
            case READ -> {
                Connection c = connection(next.id);
                int max = next.length;
                byte[] into = readRoom(max);
                int n = c.read(t, into, 0, max);
                if (n > 0) {
                    observer.read(c, into, n);
                }
            }
            case SHUTDOWN -> connection(next.id).shutdownOutput(t);
            case CLOSE -> connection(next.id).close(t);
            case ABORT -> connection(next.id).abort(t);
            case ABORT_QUIETLY -> connection(next.id).abortQuietly(t);
            default -> throw new IllegalStateException(next.kind + " is not an input");
        }
    }

    // ---------------------------------------------------------------- what the stack does, checked

    private long draw() {
        return recordedValue(Kind.RANDOM, "a random draw");
    }

    @Override
    public long isn(long iss) {
        return recordedValue(Kind.ISN, "an initial sequence number");
    }

    /** What the recorded stack drew or chose here, which the replay's takes instead of its own. */
    private long recordedValue(Kind kind, String produced) {
        expect(kind, produced);
        long value = next.value;
        advance();
        return value;
    }

    private void emitted(ByteBuf packet) {
        int n = packet.readableBytes();
        int read = digest.bytesToDigest(n);
        byte[] bytes = room(read);
        packet.getBytes(packet.readerIndex(), bytes, 0, read);
        int value = digest.digest(bytes, n);
        int kept = PacketDigest.keptOfEmitted(bytes, n);
        if (next.kind != Kind.OUTPUT || next.length != n || (int) next.value != value || next.byteCount != kept
                || !Arrays.equals(next.bytes, 0, kept, bytes, 0, kept)) {
            diverge("a packet of " + n + " bytes " + Segments.describe(bytes, read), connectionOf(bytes, read, true));
        }
        packets++;
        advance();
    }

    @Override
    public void received(long now, ByteBuf packet) {
        matched(Kind.RECEIVE, "a receive");
    }

    @Override
    public void polled(long now) {
        matched(Kind.POLL, "a poll");
    }

    @Override
    public void created(Connection connection) {
        expect(Kind.CREATED, "a new connection");
        if (next.id != ids.of(connection)) {
            diverge("connection " + ids.of(connection) + " made");
        }
        advance();
        observer.created(ids.of(connection), connection, inputNanos);
    }

    @Override
    public ConnectionHandler handler(Connection connection, ConnectionHandler handler) {
        boolean some = handler != ConnectionHandler.NONE;
        expect(Kind.HANDLER, "a handler installed on connection " + ids.of(connection));
        if (next.id != ids.of(connection) || next.flag != some) {
            diverge((some ? "a handler" : "no handler") + " installed on connection " + ids.of(connection));
        }
        advance();
        return some ? bracket(handler) : handler;
    }

    @Override
    public AcceptHandler acceptHandler(int port, AcceptHandler handler) {
        return bracket(handler);
    }

    @Override
    public void begin(Callback callback, Connection c, long now) {
        String produced = callback.name().toLowerCase() + " callback of connection " + ids.of(c) + " at "
                + Segments.millis(now);
        if (next.kind != Kind.CALLBACK || next.callback != callback || next.id != ids.of(c) || next.time != now) {
            diverge(produced);
        }
        lastNanos = now;
        advance();
    }

    @Override
    public void end(boolean flag) {
        if (next.kind != Kind.END || next.flag != flag) {
            diverge("the end of a callback");
        }
        advance();
    }

    @Override
    public void connect(long now, byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort,
                        ConnectionOptions options, boolean handler) {
        matched(Kind.CONNECT, "a connect");
    }

    @Override
    public void listen(int port, ConnectionOptions options, boolean acceptHandler) {
        matched(Kind.LISTEN, "a listen");
    }

    @Override
    public void accepted(int port, Connection connection) {
        int id = connection == null ? -1 : ids.of(connection);
        expect(Kind.ACCEPTED, "an accept");
        if (next.id != id) {
            diverge(id < 0 ? "an accept that found none waiting" : "an accept of connection " + id);
        }
        advance();
    }

    @Override
    public void listenerClosed(int port) {
        matched(Kind.LISTENER_CLOSED, "a listener closed");
    }

    @Override
    public void write(long now, Connection connection, int length, int room, ByteBuf src) {
        matchedWrite(room);
    }

    @Override
    public void write(long now, Connection connection, int length, int room, byte[] src, int offset) {
        matchedWrite(room);
    }

    /** A write the replay performed: the send buffer must have had the recorded room. */
    private void matchedWrite(int room) {
        expect(Kind.WRITE, "a write");
        if (next.room != room) {
            diverge("a write with room for " + room + " bytes");
        }
        advance();
    }

    @Override
    public void read(long now, Connection connection, int max) {
        matched(Kind.READ, "a read");
    }

    @Override
    public int result(int value) {
        expect(Kind.RESULT, "a call returning " + value);
        if (next.value != value) {
            diverge("a call returning " + value);
        }
        advance();
        return value;
    }

    @Override
    public void shutdownOutput(long now, Connection connection) {
        matched(Kind.SHUTDOWN, "a shutdown");
    }

    @Override
    public void close(long now, Connection connection) {
        matched(Kind.CLOSE, "a close");
    }

    @Override
    public void abort(long now, Connection connection) {
        matched(Kind.ABORT, "an abort");
    }

    /** By the replay at the cursor, or by the stack itself inside an input: either way it is next. */
    @Override
    public void abortQuietly(long now, Connection connection) {
        matched(Kind.ABORT_QUIETLY, "a quiet abort of connection " + ids.of(connection));
    }

    // ---------------------------------------------------------------- the cursor

    /** An input the replay itself performed from the cursor's entry: it must still be there. */
    private void matched(Kind kind, String produced) {
        expect(kind, produced);
        advance();
    }

    private void expect(Kind kind, String produced) {
        if (next.kind != kind) {
            diverge(produced);
        }
    }

    private void diverge(String produced) {
        diverge(produced, -1);
    }

    /**
     * Stops the replay with its one line: the entry, how far into the recording (from its first
     * network input), the connection whose packet the recording has there (or, when it has none,
     * the one whose packet the replay produced, {@code producedBy}), and what each has.
     */
    private void diverge(String produced, int producedBy) {
        long into = firstNanos < 0 ? 0 : lastNanos - firstNanos;
        int connection = next.kind == Kind.OUTPUT || next.kind == Kind.RECEIVE
                ? connectionOf(next.bytes, next.byteCount, next.kind == Kind.OUTPUT) : producedBy;
        throw new Divergence("replay diverges at entry " + entries + " (" + Segments.millis(into)
                + " into the recording)" + (connection >= 0 ? " on connection " + connection : "")
                + ": the recording has " + next + ", the replay " + produced);
    }

    /** The number of the connection a packet the stack sent ({@code emitted}) or received belongs to; -1 for none. */
    private int connectionOf(byte[] packet, int n, boolean emitted) {
        return ids.between(Segments.port(packet, n, emitted), Segments.port(packet, n, !emitted));
    }

    private void advance() {
        try {
            next.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("recording: " + e.getMessage() + " after entry " + entries, e);
        }
        entries++;
        if (next.kind == Kind.RECEIVE || next.kind == Kind.POLL) {
            lastNanos = next.time;
            if (firstNanos < 0) {
                firstNanos = next.time;
            }
        }
    }

    private Connection connection(int id) {
        Connection c = ids.get(id);
        if (c == null) {
            diverge("no connection " + id);
        }
        return c;
    }

    private Listener listener(int port) {
        Listener l = listeners.get(port);
        if (l == null) {
            diverge("no listener on port " + port);
        }
        return l;
    }

    private ConnectionOptions options(String text) {
        return text.isEmpty() ? null : whatIf.apply(OptionsText.parse(text));
    }

    /**
     * The cursor's first {@code n} bytes in an array of {@code size}, the rest zeros (the cursor
     * moves on during the call that uses them).
     */
    private byte[] copy(int n, int size) {
        byte[] b = new byte[size];
        System.arraycopy(next.bytes, 0, b, 0, n);
        return b;
    }

    private byte[] readRoom(int n) {
        readBuffer = atLeast(readBuffer, n);
        return readBuffer;
    }

    private byte[] room(int n) {
        scratch = atLeast(scratch, n);
        return scratch;
    }

    /** {@code b}, or a larger array when it holds fewer than {@code n} bytes. */
    private static byte[] atLeast(byte[] b, int n) {
        return b.length < n ? new byte[Math.max(n, b.length * 2)] : b;
    }
}
