package io.tcplab.tools.ab;

import io.tcplab.tun.Namespace;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The kernel's TCP as a sender: a socket made in a sending namespace (the left one of a
 * {@link RealPath}), so it uses that namespace's default algorithm, connected to a receiver, with an
 * {@link SsSampler} watching it from before the connect.
 */
public final class KernelSender implements AutoCloseable {
    private static final int CHUNK = 1 << 16;

    private final SocketChannel channel;
    private final SsSampler sampler;
    private final long connectNanos;

    private KernelSender(SocketChannel channel, SsSampler sampler, long connectNanos) {
        this.channel = channel;
        this.sampler = sampler;
        this.connectNanos = connectNanos;
    }

    /** When connect() was called, on {@link System#nanoTime()}: a run's time starts here. */
    public long connectNanos() {
        return connectNanos;
    }

    /** Connects to {@code port} on the right side, sampling every {@code sampleIntervalNanos}. */
    public static KernelSender connect(RealPath path, int port, long sampleIntervalNanos, String samplerThread)
            throws IOException {
        return connect(path.left(), RealPath.RIGHT_ADDR, port, sampleIntervalNanos, samplerThread);
    }

    /**
     * A socket made in {@code from}'s namespace (with that namespace's default algorithm) connected
     * to {@code peer}:{@code port}, sampled by ss every {@code sampleIntervalNanos}.
     */
    public static KernelSender connect(Namespace from, String peer, int port, long sampleIntervalNanos,
                                       String samplerThread) throws IOException {
        SocketChannel ch = from.inside(SocketChannel::open);
        SsSampler sampler = new SsSampler(from, peer, port, sampleIntervalNanos);
        try {
            sampler.start(samplerThread);
            long connectNanos = System.nanoTime();
            ch.connect(new InetSocketAddress(peer, port));
            sampler.localPort(((InetSocketAddress) ch.getLocalAddress()).getPort());
            return new KernelSender(ch, sampler, connectNanos);
        } catch (IOException | RuntimeException e) {
            ch.close();
            stopQuietly(sampler);
            throw e;
        }
    }

    /** Writes everything {@code data} holds, blocking; returns when the last byte is in the socket. */
    public void write(InputStream data) throws IOException {
        byte[] chunk = new byte[CHUNK];
        int n;
        while ((n = data.read(chunk, 0, CHUNK)) > 0) {
            ByteBuffer b = ByteBuffer.wrap(chunk, 0, n);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }
    }

    /** The latest ss sample of the socket, or null before the first. */
    public SsParser.Socket lastSample() {
        return sampler.last();
    }

    /** Sends FIN after what was written. */
    public void finish() throws IOException {
        channel.shutdownOutput();
    }

    /** Stops the periodic samples and takes a last one while the socket is still there. */
    public SsSampler stopSampling() throws InterruptedException {
        sampler.stop();
        sampler.sampleOnce();
        return sampler;
    }

    /**
     * Resets the connection instead of letting the kernel send what is still queued (an endless
     * sender stopped at the end of its run must not keep the link busy).
     */
    public void abort() throws IOException {
        if (!channel.isOpen()) {
            return;
        }
        channel.setOption(StandardSocketOptions.SO_LINGER, 0);
        close();
    }

    @Override
    public void close() throws IOException {
        stopQuietly(sampler);
        channel.close();
    }

    private static void stopQuietly(SsSampler sampler) {
        try {
            sampler.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
