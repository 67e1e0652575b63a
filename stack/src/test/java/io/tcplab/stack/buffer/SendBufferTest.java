package io.tcplab.stack.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SendBufferTest {
    private static final long START = (1L << 32) + 1000;

    /** The model: every byte ever written, and how many of them were acknowledged. */
    private static final class Model {
        final ByteArrayOutputStream written = new ByteArrayOutputStream();
        int acked;

        byte[] slice(long seq, int len) {
            int from = (int) (seq - START);
            return Arrays.copyOfRange(written.toByteArray(), from, from + len);
        }
    }

    @Property(tries = 300)
    void agreesWithAByteListModel(@ForAll @IntRange(min = 1, max = 300) int capacity,
                                  @ForAll("ops") List<int[]> ops) {
        SendBuffer buf = new SendBuffer(capacity, START);
        Model model = new Model();
        byte next = 0;
        for (int[] op : ops) {
            int held = model.written.size() - model.acked;
            switch (op[0]) {
                case 0 -> { // write from a byte[] at an offset
                    byte[] src = new byte[op[1] + 3];
                    for (int i = 0; i < src.length; i++) {
                        src[i] = next++;
                    }
                    int n = buf.write(src, 3, op[1]);
                    assertThat(n).isEqualTo(Math.min(op[1], capacity - held));
                    model.written.write(src, 3, n);
                }
                case 1 -> { // write from a ByteBuf with a cap
                    ByteBuf src = Unpooled.buffer();
                    for (int i = 0; i < op[1]; i++) {
                        src.writeByte(next++);
                    }
                    int n = buf.write(src, op[2]);
                    assertThat(n).isEqualTo(Math.min(Math.min(op[1], op[2]), capacity - held));
                    assertThat(src.readerIndex()).isEqualTo(n);
                    model.written.write(src.array(), 0, n);
                }
                case 2 -> { // ack somewhere, possibly outside the held range
                    long seq = START + model.acked + op[1] - 20;
                    int dropped = buf.ackTo(seq);
                    int expected = seq > START + model.acked && seq <= START + model.written.size()
                            ? (int) (seq - START - model.acked) : 0;
                    assertThat(dropped).isEqualTo(expected);
                    model.acked += expected;
                }
                case 3 -> { // copy a sub-range, and read it back through the zero-copy pieces too
                    if (held == 0) {
                        continue;
                    }
                    long seq = START + model.acked + op[1] % held;
                    int len = (int) Math.min(op[2], START + model.written.size() - seq);
                    ByteBuf out = Unpooled.buffer().writeByte(99);
                    buf.copyTo(seq, len, out);
                    assertThat(Arrays.copyOfRange(out.array(), 1, 1 + len)).isEqualTo(model.slice(seq, len));
                    assertThat(zeroCopy(buf, seq, len)).isEqualTo(model.slice(seq, len));
                }
                default -> { // resize; refused when the held bytes do not fit
                    boolean ok = buf.setCapacity(op[1] + 1);
                    assertThat(ok).isEqualTo(op[1] + 1 >= held);
                    if (ok) {
                        capacity = op[1] + 1;
                    }
                }
            }
            assertThat(buf.startSeq()).isEqualTo(START + model.acked);
            assertThat(buf.endSeq()).isEqualTo(START + model.written.size());
            assertThat(buf.free()).isEqualTo(capacity - (model.written.size() - model.acked));
        }
    }

    private static byte[] zeroCopy(SendBuffer buf, long seq, int len) {
        byte[] out = new byte[len];
        int done = 0;
        while (done < len) {
            int piece = Math.min(len - done, buf.readableAt(seq + done));
            System.arraycopy(buf.array(), buf.positionOf(seq + done), out, done, piece);
            done += piece;
        }
        return out;
    }

    @Provide
    Arbitrary<List<int[]>> ops() {
        Arbitrary<int[]> op = Arbitraries.integers().between(0, 4).flatMap(kind ->
                Arbitraries.integers().between(0, 200).tuple2().map(t -> new int[] {kind, t.get1(), t.get2()}));
        return op.list().ofMaxSize(60);
    }

    @Test
    void copyOutsideTheHeldRangeIsACallerBug() {
        SendBuffer buf = new SendBuffer(10, START);
        buf.write(new byte[5], 0, 5);
        assertThatThrownBy(() -> buf.copyTo(START + 3, 3, Unpooled.buffer()))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> buf.copyTo(START - 1, 1, Unpooled.buffer()))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void fullBufferAcceptsNothingUntilAcked() {
        SendBuffer buf = new SendBuffer(4, START);
        assertThat(buf.write(new byte[] {1, 2, 3, 4, 5}, 0, 5)).isEqualTo(4);
        assertThat(buf.write(new byte[] {6}, 0, 1)).isZero();
        buf.ackTo(START + 2);
        assertThat(buf.write(new byte[] {6, 7, 8}, 0, 3)).isEqualTo(2);
        ByteBuf out = Unpooled.buffer();
        buf.copyTo(START + 2, 4, out);
        assertThat(out.array()).startsWith(3, 4, 6, 7);
    }

    /** Record ends: the first above a sequence number, each kept until it is acknowledged, past 8 (the array grows). */
    @Test
    void recordEndsAreFoundAboveASequenceNumberAndForgottenOnceAcknowledged() {
        SendBuffer buf = new SendBuffer(100_000, START);
        assertThat(buf.recordEndAfter(START)).isEqualTo(Long.MAX_VALUE);
        buf.endRecord(); // nothing written: no record end
        assertThat(buf.recordEndAfter(START - 1)).isEqualTo(Long.MAX_VALUE);
        for (int i = 1; i <= 12; i++) {
            buf.write(new byte[100], 0, 100);
            buf.endRecord();
            buf.endRecord(); // twice at one place: one end
        }
        assertThat(buf.recordEndAfter(START)).isEqualTo(START + 100);
        assertThat(buf.recordEndAfter(START + 100)).isEqualTo(START + 200);
        assertThat(buf.recordEndAfter(START + 1150)).isEqualTo(START + 1200);
        assertThat(buf.recordEndAfter(START + 1200)).isEqualTo(Long.MAX_VALUE);
        buf.ackTo(START + 250);
        assertThat(buf.recordEndAfter(START + 250)).isEqualTo(START + 300);
        buf.write(new byte[50], 0, 50);
        assertThat(buf.recordEndAfter(START + 1200)).isEqualTo(Long.MAX_VALUE); // not ended yet
        buf.ackTo(START + 1250);
        assertThat(buf.recordEndAfter(START + 1000)).isEqualTo(Long.MAX_VALUE);
    }
}
