package io.tcplab.tools.replay;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * One entry of a recording (docs/replay.md): its kind and fields. A recording is these in the
 * order they happened: the inputs a stack was handed, what it drew from its random source, the
 * connections it made, the callbacks it made into the application, and a digest of every packet
 * it emitted. One instance is refilled per entry when reading.
 */
final class Event {
    /** The kinds, with the byte that tags them in the file. */
    enum Kind {
        RANDOM, ISN, RECEIVE, POLL, OUTPUT, DEADLINE, CREATED, HANDLER, CONNECT, LISTEN, ACCEPTED, LISTENER_CLOSED,
        WRITE, READ, RESULT, SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY, CALLBACK, END, EOF;

        /** Something the application or the network handed the stack: what a replay performs. */
        boolean isInput() {
            return switch (this) {
                case RECEIVE, POLL, HANDLER, CONNECT, LISTEN, ACCEPTED, LISTENER_CLOSED, WRITE, READ, SHUTDOWN, CLOSE,
                     ABORT, ABORT_QUIETLY -> true;
                default -> false;
            };
        }
    }

    /** The callbacks a stack makes into the application. */
    enum Callback { ESTABLISHED, READABLE, WRITABLE, CLOSED, ACCEPT }

    Kind kind;
    long time;
    long value;
    int id;
    int port;
    int remotePort;
    /** A packet's whole length (its kept bytes may be fewer), or the bytes a call offered or asked for. */
    int length;
    /** The bytes a write found room for. */
    int room;
    boolean flag;
    Callback callback;
    byte[] local;
    byte[] remote;
    String options;
    byte[] bytes = new byte[2048];
    int byteCount;
    /**
     * The first bytes (the headers) of the last emitted and the last received packet: a packet's
     * are kept as their difference from the last one's of its direction, so a run of alike
     * headers compresses to what changed (sequence numbers, IDs, checksums, timestamps).
     */
    private final byte[] previousOutput = new byte[PacketDigest.MAX_HEADERS];
    private final byte[] previousReceived = new byte[PacketDigest.MAX_HEADERS];
    private final byte[] delta = new byte[PacketDigest.MAX_HEADERS];
    /** The last time written or read: each time is kept as its difference from it, mostly 0 or a few bytes. */
    private long previousTime;

    void write(DataOutput out) throws IOException {
        out.writeByte(kind.ordinal());
        switch (kind) {
            case RANDOM, ISN, DEADLINE, RESULT -> out.writeLong(value);
            case RECEIVE -> {
                writeTime(out);
                out.writeInt(length);
                writeDelta(out, previousReceived);
                if (byteCount < length) {
                    out.writeShort((int) value);
                }
            }
            case POLL -> writeTime(out);
            case OUTPUT -> {
                out.writeInt(length);
                out.writeInt((int) value);
                writeDelta(out, previousOutput);
            }
            case CREATED -> out.writeInt(id);
            case HANDLER -> {
                out.writeInt(id);
                out.writeBoolean(flag);
            }
            case CONNECT -> {
                writeTime(out);
                writeAddress(out, local);
                out.writeShort(port);
                writeAddress(out, remote);
                out.writeShort(remotePort);
                out.writeUTF(options);
                out.writeBoolean(flag);
            }
            case LISTEN -> {
                out.writeShort(port);
                out.writeUTF(options);
                out.writeBoolean(flag);
            }
            case ACCEPTED -> {
                out.writeShort(port);
                out.writeInt(id);
            }
            case LISTENER_CLOSED -> out.writeShort(port);
            case WRITE -> {
                writeTime(out);
                out.writeInt(id);
                out.writeInt(length);
                out.writeInt(room);
                writeBytes(out);
            }
            case READ -> {
                writeTime(out);
                out.writeInt(id);
                out.writeInt(length);
            }
            case SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY -> {
                writeTime(out);
                out.writeInt(id);
            }
            case CALLBACK -> {
                out.writeByte(callback.ordinal());
                out.writeInt(id);
                writeTime(out);
            }
            case END -> out.writeBoolean(flag);
            case EOF -> { }
        }
    }

    /** Reads the next entry; {@link Kind#EOF} at the end of the recording. */
    void read(DataInput in) throws IOException {
        kind = Kind.values()[in.readUnsignedByte()];
        switch (kind) {
            case RANDOM, ISN, DEADLINE, RESULT -> value = in.readLong();
            case RECEIVE -> {
                readTime(in);
                length = in.readInt();
                readDelta(in, previousReceived);
                value = byteCount < length ? in.readUnsignedShort() : 0;
            }
            case POLL -> readTime(in);
            case OUTPUT -> {
                length = in.readInt();
                value = in.readInt();
                readDelta(in, previousOutput);
            }
            case CREATED -> id = in.readInt();
            case HANDLER -> {
                id = in.readInt();
                flag = in.readBoolean();
            }
            case CONNECT -> {
                readTime(in);
                local = readAddress(in);
                port = in.readUnsignedShort();
                remote = readAddress(in);
                remotePort = in.readUnsignedShort();
                options = in.readUTF();
                flag = in.readBoolean();
            }
            case LISTEN -> {
                port = in.readUnsignedShort();
                options = in.readUTF();
                flag = in.readBoolean();
            }
            case ACCEPTED -> {
                port = in.readUnsignedShort();
                id = in.readInt();
            }
            case LISTENER_CLOSED -> port = in.readUnsignedShort();
            case WRITE -> {
                readTime(in);
                id = in.readInt();
                length = in.readInt();
                room = in.readInt();
                readBytes(in);
            }
            case READ -> {
                readTime(in);
                id = in.readInt();
                length = in.readInt();
            }
            case SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY -> {
                readTime(in);
                id = in.readInt();
            }
            case CALLBACK -> {
                callback = Callback.values()[in.readUnsignedByte()];
                id = in.readInt();
                readTime(in);
            }
            case END -> flag = in.readBoolean();
            case EOF -> { }
        }
    }

    /** Room for {@code n} bytes in {@link #bytes}. */
    byte[] bytes(int n) {
        if (bytes.length < n) {
            bytes = new byte[Math.max(n, bytes.length * 2)];
        }
        byteCount = n;
        return bytes;
    }

    /** {@link #time} as a zigzag varint of its difference from the previous entry's time. */
    private void writeTime(DataOutput out) throws IOException {
        long d = time - previousTime;
        previousTime = time;
        long zigzag = (d << 1) ^ (d >> 63);
        while ((zigzag & ~0x7FL) != 0) {
            out.writeByte((int) (zigzag & 0x7F) | 0x80);
            zigzag >>>= 7;
        }
        out.writeByte((int) zigzag);
    }

    private void readTime(DataInput in) throws IOException {
        long zigzag = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.readUnsignedByte();
            zigzag |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0 || shift > 63) {
                break;
            }
        }
        time = previousTime + ((zigzag >>> 1) ^ -(zigzag & 1));
        previousTime = time;
    }

    /** {@link #bytes}, its first ones as their XOR with {@code previous} (which then holds them). */
    private void writeDelta(DataOutput out, byte[] previous) throws IOException {
        int n = Math.min(byteCount, previous.length);
        for (int i = 0; i < n; i++) {
            delta[i] = (byte) (bytes[i] ^ previous[i]);
        }
        System.arraycopy(bytes, 0, previous, 0, n);
        out.writeInt(byteCount);
        out.write(delta, 0, n);
        out.write(bytes, n, byteCount - n);
    }

    private void readDelta(DataInput in, byte[] previous) throws IOException {
        readBytes(in);
        int n = Math.min(byteCount, previous.length);
        for (int i = 0; i < n; i++) {
            bytes[i] ^= previous[i];
        }
        System.arraycopy(bytes, 0, previous, 0, n);
    }

    private void writeBytes(DataOutput out) throws IOException {
        out.writeInt(byteCount);
        out.write(bytes, 0, byteCount);
    }

    private void readBytes(DataInput in) throws IOException {
        in.readFully(bytes(in.readInt()), 0, byteCount);
    }

    private static void writeAddress(DataOutput out, byte[] address) throws IOException {
        out.writeByte(address == null ? 0 : address.length);
        if (address != null) {
            out.write(address);
        }
    }

    private static byte[] readAddress(DataInput in) throws IOException {
        int n = in.readUnsignedByte();
        if (n == 0) {
            return null;
        }
        byte[] a = new byte[n];
        in.readFully(a);
        return a;
    }

    /** The entry in one line, for a divergence report. */
    @Override
    public String toString() {
        return switch (kind) {
            case OUTPUT -> "a packet of " + length + " bytes " + Segments.describe(bytes, byteCount);
            case RECEIVE -> "receive at " + Segments.millis(time) + " of " + Segments.describe(bytes, byteCount)
                    + (byteCount < length ? " (headers of " + length + " bytes)" : "");
            case POLL -> "poll at " + Segments.millis(time);
            case CALLBACK -> callback.name().toLowerCase() + " callback of connection " + id + " at "
                    + Segments.millis(time);
            case WRITE -> "write of " + length + " bytes (" + room + " taken) on connection " + id;
            case READ -> "read of at most " + length + " bytes on connection " + id;
            case RESULT -> "a call returning " + value;
            case RANDOM -> "a random draw";
            case ISN -> "an initial sequence number";
            case DEADLINE -> Segments.deadline(value);
            case CONNECT -> "connect to " + Segments.address(remote) + ":" + remotePort;
            case CREATED, HANDLER, ACCEPTED, SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY ->
                    kind.name().toLowerCase().replace('_', ' ') + " of connection " + id;
            case LISTEN, LISTENER_CLOSED -> kind.name().toLowerCase() + " on port " + port;
            case END -> "the end of a callback";
            case EOF -> "the end of the recording";
        };
    }
}
