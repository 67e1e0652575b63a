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
     * The headers of the last emitted packet: a packet's are kept as their difference from these,
     * so a run of alike headers compresses to what changed (sequence numbers, IDs, checksums).
     */
    private final byte[] previousOutput = new byte[PacketDigest.MAX_HEADERS];
    private final byte[] delta = new byte[PacketDigest.MAX_HEADERS];

    void write(DataOutput out) throws IOException {
        out.writeByte(kind.ordinal());
        switch (kind) {
            case RANDOM, ISN, DEADLINE, RESULT -> out.writeLong(value);
            case RECEIVE -> {
                out.writeLong(time);
                out.writeInt(length);
                writeBytes(out);
                if (byteCount < length) {
                    out.writeShort((int) value);
                }
            }
            case POLL -> out.writeLong(time);
            case OUTPUT -> {
                out.writeInt(length);
                out.writeInt((int) value);
                out.writeByte(byteCount);
                for (int i = 0; i < byteCount; i++) {
                    delta[i] = (byte) (bytes[i] ^ previousOutput[i]);
                }
                out.write(delta, 0, byteCount);
                System.arraycopy(bytes, 0, previousOutput, 0, byteCount);
            }
            case CREATED -> out.writeInt(id);
            case HANDLER -> {
                out.writeInt(id);
                out.writeBoolean(flag);
            }
            case CONNECT -> {
                out.writeLong(time);
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
                out.writeLong(time);
                out.writeInt(id);
                out.writeInt(length);
                out.writeInt(room);
                writeBytes(out);
            }
            case READ -> {
                out.writeLong(time);
                out.writeInt(id);
                out.writeInt(length);
            }
            case SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY -> {
                out.writeLong(time);
                out.writeInt(id);
            }
            case CALLBACK -> {
                out.writeByte(callback.ordinal());
                out.writeInt(id);
                out.writeLong(time);
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
                time = in.readLong();
                length = in.readInt();
                readBytes(in);
                value = byteCount < length ? in.readUnsignedShort() : 0;
            }
            case POLL -> time = in.readLong();
            case OUTPUT -> {
                length = in.readInt();
                value = in.readInt();
                bytes(in.readUnsignedByte());
                in.readFully(bytes, 0, byteCount);
                for (int i = 0; i < byteCount; i++) {
                    bytes[i] ^= previousOutput[i];
                }
                System.arraycopy(bytes, 0, previousOutput, 0, byteCount);
            }
            case CREATED -> id = in.readInt();
            case HANDLER -> {
                id = in.readInt();
                flag = in.readBoolean();
            }
            case CONNECT -> {
                time = in.readLong();
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
                time = in.readLong();
                id = in.readInt();
                length = in.readInt();
                room = in.readInt();
                readBytes(in);
            }
            case READ -> {
                time = in.readLong();
                id = in.readInt();
                length = in.readInt();
            }
            case SHUTDOWN, CLOSE, ABORT, ABORT_QUIETLY -> {
                time = in.readLong();
                id = in.readInt();
            }
            case CALLBACK -> {
                callback = Callback.values()[in.readUnsignedByte()];
                id = in.readInt();
                time = in.readLong();
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
