package io.tcplab.tools.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.cli.Main;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.NamespaceHosts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/** What the interop acceptance tests share: the host check, in-process CLI runs, kernel sockets, digests, tshark. */
public final class Interop {
    static final ObjectMapper JSON = new ObjectMapper();

    private Interop() {
    }

    /** A TUN device name that no parallel run picks: {@code prefix} and 6 random hex digits. */
    static String deviceName(String prefix) {
        return String.format(Locale.ROOT, "%s%06x", prefix, ThreadLocalRandom.current().nextInt(1 << 24));
    }

    /** The outcome of one in-process {@code tcplab} run. */
    record Run(int exitCode, String out, String err) {
        /** The per-connection reports; serve's closing stack report ({@code "report":"stack"}) is not one. */
        List<JsonNode> reports() {
            return json().stream().filter(node -> !node.has("report")).toList();
        }

        /** serve's closing stack report: its peak of connections and each defence's counters. */
        JsonNode stackReport() {
            List<JsonNode> r = json().stream().filter(node -> "stack".equals(node.path("report").asText())).toList();
            assertThat(r).as("the stack report of: %s / %s", out, err).hasSize(1);
            return r.get(0);
        }

        private List<JsonNode> json() {
            List<JsonNode> r = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (line.startsWith("{")) {
                    try {
                        r.add(JSON.readTree(line));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            return r;
        }

        JsonNode onlyReport() {
            List<JsonNode> r = reports();
            assertThat(r).as("reports of: %s / %s", out, err).hasSize(1);
            return r.get(0);
        }

        void assertOk() {
            assertThat(exitCode).as("exit code; stderr: %s; stdout: %s", err, out).isZero();
        }
    }

    static Run cli(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(null).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }

    static CompletableFuture<Run> cliAsync(List<String> args) {
        return CompletableFuture.supplyAsync(() -> cli(args));
    }

    /** Fills {@code buf} with the next bytes of a seeded stream and returns the digest updated with them. */
    static final class Pattern {
        private final SplittableRandom random;
        private final MessageDigest digest = sha256();

        Pattern(long seed) {
            random = new SplittableRandom(seed);
        }

        void next(byte[] chunk, int n) {
            for (int i = 0; i < n; i += 8) {
                long v = random.nextLong();
                for (int j = 0; j < 8 && i + j < n; j++) {
                    chunk[i + j] = (byte) (v >>> (8 * j));
                }
            }
            digest.update(chunk, 0, n);
        }

        String hex() {
            return HexFormat.of().formatHex(digest.digest());
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Connects from inside {@code host} to {@code address:port}, retrying while {@code command} is still
     * setting up its device, then writes {@code size} bytes of pattern {@code seed} (or for {@code nanos}
     * when size is negative), half-closes and reads to the peer's FIN. Returns {bytes, sha256} written.
     */
    static String[] kernelSend(NamespaceHosts.Host host, String address, int port, long size, long nanos, long seed,
                               CompletableFuture<Run> command) throws Exception {
        SocketChannel connected = connect(host, address, port, command);
        Pattern p = new Pattern(seed);
        byte[] chunk = new byte[1 << 16];
        long sent = 0;
        long stop = System.nanoTime() + nanos;
        try (SocketChannel s = connected) {
            while (size >= 0 ? sent < size : System.nanoTime() - stop < 0) {
                int n = (int) (size >= 0 ? Math.min(chunk.length, size - sent) : chunk.length);
                p.next(chunk, n);
                ByteBuffer b = ByteBuffer.wrap(chunk, 0, n);
                while (b.hasRemaining()) {
                    s.write(b);
                }
                sent += n;
            }
            s.shutdownOutput();
            assertThat(s.read(ByteBuffer.allocate(16))).as("the sink sends only its FIN").isEqualTo(-1);
        }
        return new String[] {String.valueOf(sent), p.hex()};
    }

    /**
     * A kernel socket inside {@code host} connected to {@code address:port}, retrying for up to 30 s
     * while {@code command} is still setting up its device; fails if the command ends first.
     */
    static SocketChannel connect(NamespaceHosts.Host host, String address, int port, CompletableFuture<Run> command)
            throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return host.inside(() -> SocketChannel.open(new InetSocketAddress(address, port)));
            } catch (RuntimeException e) {
                if (command.isDone()) {
                    Run r = command.get();
                    fail("the command ended before it accepted: exit " + r.exitCode() + ": " + r.err());
                }
                if (System.nanoTime() - end > 0) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    /** A kernel listener inside {@code host}, on {@code address} (null: the wildcard). */
    static ServerSocketChannel listen(NamespaceHosts.Host host, String address, int port) {
        return host.inside(() -> ServerSocketChannel.open().bind(address == null ? new InetSocketAddress(port)
                : new InetSocketAddress(address, port)));
    }

    /** Accepts one connection and reads it to EOF: {bytes, sha256}. */
    static CompletableFuture<String[]> kernelReceive(ServerSocketChannel server) {
        return CompletableFuture.supplyAsync(() -> {
            try (server; SocketChannel s = server.accept()) {
                return readAll(s);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Reads a kernel socket to EOF: {bytes, hex sha256}. */
    public static String[] readAll(SocketChannel s) {
        MessageDigest md = sha256();
        ByteBuffer buf = ByteBuffer.allocate(1 << 20);
        long n = 0;
        try {
            for (int r; (r = s.read(buf)) >= 0; buf.clear()) {
                md.update(buf.array(), 0, buf.position());
                n += r;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new String[] {String.valueOf(n), HexFormat.of().formatHex(md.digest())};
    }


    /** Runs tshark (not inside any namespace: it only reads a file) with a time limit. */
    public static CommandResult tshark(Duration limit, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        argv.add("tshark");
        argv.addAll(List.of(args));
        Path out = Files.createTempFile("tshark", ".out");
        Path err = Files.createTempFile("tshark", ".err");
        try {
            Process p = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("tshark did not finish in " + limit + ": " + argv);
            }
            return new CommandResult(argv, p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
