package io.tcplab.tools.emu;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionError;
import io.tcplab.stack.conn.ConnectionHandler;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.TcpState;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.scenario.TransferRunner;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A legitimate transfer of {@link #SIZE} bytes from stack a to stack b on the emulator (20 Mbit/s,
 * 5 ms each way), into which {@link Injection}s are fed straight into either stack at their times.
 * Injections on the real four-tuple are kept to what RFC 5961 says a stack must survive: data
 * toward the receiver carries the bytes the sender will send there (an in-window attacker with a
 * valid ACK can inject data; that is not under test), a FIN only at the stream's true end, no data
 * and no ACK of bytes the receiver lacks toward the sender, no timestamps. RSTs are free; one whose
 * sequence number is exactly RCV.NXT must reset the connection (§3.2), and is noted.
 */
final class FuzzedTransfer {
    static final int SIZE = 256 << 10;
    static final int BUFFER = 64 << 10;
    private static final int PORT = 5001;
    private static final long LIMIT_NANOS = 120_000_000_000L;

    private final byte[] data = new byte[SIZE];
    private final byte[] addrA = Topologies.addressA();
    private final byte[] addrB = Topologies.addressB();
    private final int isnA;
    private final int isnB;
    private final Network network;
    private final TcpStack a;
    private final TcpStack b;
    private final Sink sink = new Sink();
    private final Source source = new Source();
    private Connection sender;
    private Connection receiver;
    private boolean exactResetInjected;

    FuzzedTransfer(int isnA, int isnB) {
        this.isnA = isnA;
        this.isnB = isnB;
        new SplittableRandom(SIZE).nextBytes(data);
        ConnectionOptions options = ConnectionOptions.builder().sendBufferBytes(BUFFER).receiveBufferBytes(BUFFER)
                .build();
        LinkParams link = LinkParams.of().setRateBitsPerSec(20_000_000).setDelayNanos(5_000_000);
        network = Topologies.twoHosts(1, link, link.copy(),
                StackHost.factory(TransferRunner.stackConfig(1, addrA, "a", options, Integer.toUnsignedLong(isnA))),
                StackHost.factory(TransferRunner.stackConfig(1, addrB, "b", options, Integer.toUnsignedLong(isnB))));
        a = ((StackHost) network.host("a").host()).stack();
        b = ((StackHost) network.host("b").host()).stack();
        b.listen(PORT, options, (c, now) -> {
            if (receiver == null && c.remotePort() == sender.localPort()) {
                receiver = c;
                return sink;
            }
            return new ConnectionHandler() { };
        });
        network.host("a").at(0, () -> sender = a.connect(0, addrB, PORT, options, source));
        network.scheduler().runUntil(() -> receiver != null && receiver.state().synchronized_(), LIMIT_NANOS);
        assertThat(receiver).as("the handshake completes before any injection").isNotNull();
    }

    long now() {
        return network.scheduler().now();
    }

    /** Feeds {@code i} into its stack at {@code time}, then checks the memory bounds of every connection. */
    void injectAt(long time, Injection i) {
        HostNode target = network.host(i.towardReceiver() ? "b" : "a");
        target.at(time, () -> {
            TcpStack stack = i.towardReceiver() ? b : a;
            stack.receive(network.scheduler().now(), i.realTuple() ? onRealTuple(i) : onOtherTuple(i));
            checkMemory(a);
            checkMemory(b);
        });
    }

    private io.netty.buffer.ByteBuf onOtherTuple(Injection i) {
        int port = i.otherPort();
        if (i.towardReceiver()) {
            port = port == sender.localPort() ? port + 1 : port;
            return Injection.packet(addrA, port, addrB, i.has(TcpHeader.PSH) ? PORT : port, i.flags(), i.seqDelta(),
                    i.ackDelta(), i.window(), i.options(0, false), new byte[i.length()]);
        }
        int dst = port == sender.localPort() ? port + 1 : port;
        return Injection.packet(addrB, PORT, addrA, dst, i.flags(), i.seqDelta(), i.ackDelta(), i.window(),
                i.options(0, false), new byte[i.length()]);
    }

    private io.netty.buffer.ByteBuf onRealTuple(Injection i) {
        int flags = i.flags();
        if (i.towardReceiver()) {
            int rcvNxt = receiverRcvNxt();
            int seq = rcvNxt + i.seqDelta();
            byte[] payload = streamBytes(seq, i.length());
            if (i.has(TcpHeader.FIN)) { // only at the true end, which the sender's FIN takes too
                payload = streamBytes(isnA + 1 + SIZE - i.length(), i.length());
                seq = isnA + 1 + SIZE - payload.length;
            }
            noteReset(flags, seq == rcvNxt);
            return Injection.packet(addrA, sender.localPort(), addrB, PORT, flags, seq, isnB + 1 + i.ackDelta(),
                    i.window(), i.options(rcvNxt, false), payload);
        }
        int rcvNxt = senderRcvNxt();
        int seq = rcvNxt + i.seqDelta();
        if ((flags & TcpHeader.RST) == 0 && seq - rcvNxt > 0 && seq - rcvNxt < (1 << 30)) {
            seq = rcvNxt; // an in-window sequence number ahead would make the sender ignore later window updates
        }
        int ack = receiverRcvNxt() - Math.abs(i.ackDelta()); // never acknowledges what the receiver lacks
        noteReset(flags, seq == rcvNxt);
        return Injection.packet(addrB, PORT, addrA, sender.localPort(), flags & ~TcpHeader.FIN, seq, ack,
                i.window(), i.options(receiverRcvNxt(), true), new byte[0]);
    }

    private void noteReset(int flags, boolean exact) {
        exactResetInjected |= (flags & TcpHeader.RST) != 0 && exact;
    }

    /** The receiver's RCV.NXT: the sender's ISN + 1 + bytes received in order (+1 for a FIN). */
    private int receiverRcvNxt() {
        return isnA + 1 + (int) sink.received + receiver.readableBytes() + (sink.eof ? 1 : 0);
    }

    /** The sender's: the receiver sends no data, only its FIN. */
    private int senderRcvNxt() {
        return isnB + 1 + (sender.atEof() ? 1 : 0);
    }

    /** The bytes the sender sends at {@code seq}, cut where the stream ends; before its start, zeros. */
    private byte[] streamBytes(int seq, int length) {
        byte[] out = new byte[length];
        for (int j = 0; j < length; j++) {
            long offset = Integer.toUnsignedLong(seq + j - isnA - 1);
            if (offset >= SIZE && offset < (1L << 31)) {
                return Arrays.copyOf(out, j);
            }
            out[j] = offset < SIZE ? data[(int) offset] : 0;
        }
        return out;
    }

    private static void checkMemory(TcpStack stack) {
        for (Connection c : stack.connections()) {
            assertThat(c.readableBytes()).as("unread bytes of %s", c).isLessThanOrEqualTo(BUFFER);
            assertThat(c.memory().outOfOrderRanges()).as("out-of-order ranges of %s", c).isLessThanOrEqualTo(BUFFER / 64);
            assertThat(c.memory().bufferBytesAllocated()).as("ring bytes of %s", c).isLessThanOrEqualTo(2L * BUFFER);
        }
    }

    /**
     * Runs to the end and checks the outcome: the receiver has every byte in order with an equal
     * SHA-256 and its end of stream, and the sender had all of it acknowledged; or a connection was
     * reset and an exact-sequence RST had been injected — and whatever the receiver took was the
     * sender's data in order (checked byte by byte as it arrives).
     */
    void finishAndCheck() {
        network.scheduler().runUntil(() -> complete() || sink.error != null || source.error != null, LIMIT_NANOS);
        checkMemory(a);
        checkMemory(b);
        if (complete()) {
            assertThat(sink.digest()).isEqualTo(sha256(data));
            return;
        }
        String state = String.format("received %d of %d, sender %s/%s, receiver %s/%s", sink.received, SIZE,
                sender.state(), source.error, receiver.state(), sink.error);
        assertThat(exactResetInjected).as("only an exact RST may stop the transfer; %s", state).isTrue();
        assertThat(source.error == ConnectionError.RESET || sink.error == ConnectionError.RESET
                || sender.state() == TcpState.CLOSED || receiver.state() == TcpState.CLOSED)
                .as("a connection ended by the RST; %s", state).isTrue();
    }

    private boolean complete() {
        return sink.eof && source.finished && (sender.state() == TcpState.FIN_WAIT_2
                || sender.state() == TcpState.TIME_WAIT || sender.state() == TcpState.CLOSED && source.error == null);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the data, then closes. */
    private final class Source implements ConnectionHandler {
        private int written;
        private boolean finished;
        private ConnectionError error;

        @Override
        public void onEstablished(Connection c, long now) {
            onWritable(c, now);
        }

        @Override
        public void onWritable(Connection c, long now) {
            if (written < SIZE) {
                written += c.write(now, data, written, SIZE - written);
                if (written == SIZE) {
                    c.shutdownOutput(now);
                    finished = true;
                }
            }
        }

        @Override
        public void onClosed(Connection c, ConnectionError e, long now) {
            error = e;
        }
    }

    /** Reads everything, checks each byte against the data, hashes it, and closes at the end of stream. */
    private final class Sink implements ConnectionHandler {
        private final MessageDigest md;
        private final byte[] buf = new byte[16 << 10];
        private long received;
        private boolean eof;
        private ConnectionError error;

        Sink() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void onReadable(Connection c, long now) {
            for (int n; !eof && (n = c.read(now, buf, 0, buf.length)) != 0; ) {
                if (n < 0) {
                    eof = true;
                    c.shutdownOutput(now);
                    return;
                }
                assertThat(received + n).as("bytes past the end").isLessThanOrEqualTo(SIZE);
                assertThat(Arrays.equals(buf, 0, n, data, (int) received, (int) received + n))
                        .as("bytes %d to %d are the sender's", received, received + n).isTrue();
                md.update(buf, 0, n);
                received += n;
            }
        }

        @Override
        public void onClosed(Connection c, ConnectionError e, long now) {
            error = e;
        }

        byte[] digest() {
            return md.digest();
        }
    }
}
