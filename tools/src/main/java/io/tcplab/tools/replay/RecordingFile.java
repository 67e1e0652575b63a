package io.tcplab.tools.replay;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The file a recording lives in: gzip (deflate blocks, so a reader streams it), holding a magic
 * line, the format's version, the setup text (what ran: a command line), the stack's
 * configuration ({@link io.tcplab.stack.StackConfigText}) and then the entries ({@link Event})
 * to an end marker.
 */
final class RecordingFile {
    static final String MAGIC = "tcplab-recording";
    static final int VERSION = 1;

    private RecordingFile() {
    }

    static DataOutputStream create(Path file, String setup, String config) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), 1 << 16));
        out.writeUTF(MAGIC);
        out.writeInt(VERSION);
        writeText(out, setup);
        writeText(out, config);
        return out;
    }

    /** An open recording: its setup text, the stack's configuration and the stream of its entries. */
    record Opened(String setup, String config, DataInputStream entries) {
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static Opened open(Path file) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), 1 << 16));
        try {
            String magic = in.readUTF();
            int version = in.readInt();
            if (!magic.equals(MAGIC)) {
                throw new IOException(file + " is not a tcplab recording");
            }
            if (version != VERSION) {
                throw new IOException(file + " is a recording of format " + version + "; this tcplab reads " + VERSION);
            }
            String setup = readText(in);
            return new Opened(setup, readText(in), in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e instanceof IOException io ? io : new IOException(file + " is not a tcplab recording", e);
        }
    }
}
