package io.tcplab.tools.replay;

import io.tcplab.tools.report.BuildVersion;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The file a recording lives in (docs/replay.md): a magic string and the format's version, then
 * zstd-compressed chunks ({@link ChunkedOutput}) holding, as one stream, the version of tcplab
 * that recorded it, the setup text (what ran: a command line), the stack's configuration
 * ({@link io.tcplab.stack.StackConfigText}), what the recording keeps of packets
 * ({@link Keep}), and then the entries ({@link Event}) to an end marker.
 */
final class RecordingFile {
    static final String MAGIC = "tcplab-recording";
    static final int VERSION = 2;
    private static final int GZIP_MAGIC = 0x1f8b;

    private RecordingFile() {
    }

    /** The stream of a new recording, its header written; {@link ChunkedOutput#close} ends the file. */
    static Created create(Path file, String setup, String config, Keep keep) throws IOException {
        OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        DataOutputStream header = new DataOutputStream(raw);
        header.writeUTF(MAGIC);
        header.writeInt(VERSION);
        header.flush();
        ChunkedOutput chunks = new ChunkedOutput(raw, "tcplab-recorder " + file.getFileName());
        DataOutputStream out = new DataOutputStream(chunks);
        writeText(out, BuildVersion.text());
        writeText(out, setup);
        writeText(out, config);
        out.writeByte(keep.ordinal());
        return new Created(out, chunks);
    }

    /** A recording being written: the entries' stream and the chunks under it. */
    record Created(DataOutputStream entries, ChunkedOutput chunks) {
    }

    /** An open recording: who made it, its setup text, the stack's configuration, what it keeps, its entries. */
    record Opened(String recordedBy, String setup, String config, Keep keep, DataInputStream entries) {
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 24) {
            throw new IOException("a damaged header");
        }
        byte[] bytes = new byte[n];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static Opened open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        DataInputStream in = new DataInputStream(raw);
        try {
            in.mark(2);
            if (in.readUnsignedShort() == GZIP_MAGIC) {
                throw new IOException(file + " is a recording of format 1 (gzip, made before zstd chunks); this tcplab "
                        + "reads format " + VERSION + " only");
            }
            in.reset();
            String magic = in.readUTF();
            if (!magic.equals(MAGIC)) {
                throw new IOException(file + " is not a tcplab recording");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException(file + " is a recording of format " + version + "; this tcplab reads " + VERSION);
            }
            DataInputStream entries = new DataInputStream(new ChunkedInput(raw));
            String recordedBy = readText(entries);
            String setup = readText(entries);
            String config = readText(entries);
            int keep = entries.readUnsignedByte();
            if (keep >= Keep.values().length) {
                throw new IOException("a damaged header");
            }
            return new Opened(recordedBy, setup, config, Keep.values()[keep], entries);
        } catch (IOException | RuntimeException e) {
            in.close();
            if (e instanceof IOException io && io.getMessage() != null && io.getMessage().startsWith(file.toString())) {
                throw io;
            }
            throw new IOException(file + " is not a tcplab recording (" + e.getMessage() + ")", e);
        }
    }
}
