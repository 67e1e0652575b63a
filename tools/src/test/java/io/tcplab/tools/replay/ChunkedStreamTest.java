package io.tcplab.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A recording's chunked stream: what goes in comes out across chunk boundaries, and a failed file is reported. */
class ChunkedStreamTest {
    @Test
    void bytesWrittenInPiecesOfEverySizeReadBackAcrossManyChunks() throws IOException {
        Random random = new Random(7);
        byte[] data = new byte[5 * ChunkedOutput.CHUNK_BYTES + 12_345];
        random.nextBytes(data);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        ChunkedOutput out = new ChunkedOutput(file, "test-compressor");
        int at = 0;
        while (at < data.length) {
            int n = Math.min(data.length - at, random.nextInt(3) == 0 ? 1 : random.nextInt(300_000));
            if (n == 1) {
                out.write(data[at]);
            } else {
                out.write(data, at, n);
            }
            at += n;
        }
        assertThat(out.rawBytes()).isEqualTo(data.length);
        out.close();
        assertThat(out.fileBytes()).isEqualTo(file.size()).isGreaterThan(data.length); // random bytes do not shrink

        byte[] back;
        try (ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(file.toByteArray()))) {
            back = in.readAllBytes();
        }
        assertThat(Arrays.equals(back, data)).isTrue();
    }

    @Test
    void aRepeatedBufferShrinksToAFractionAsAnApplicationsRepeatedWritesDo() throws IOException {
        byte[] buffer = new byte[128 * 1024]; // iperf3's block, written again and again
        new Random(3).nextBytes(buffer);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        try (ChunkedOutput out = new ChunkedOutput(file, "test-compressor")) {
            for (int i = 0; i < 64; i++) {
                out.write(buffer, 0, buffer.length);
            }
        }
        assertThat(file.size()).isLessThan(64 * buffer.length / 4);
    }

    @Test
    void aFileThatFailsIsReportedWhenTheRecordingCloses() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        ChunkedOutput out = new ChunkedOutput(broken, "test-compressor");
        assertThatThrownBy(() -> {
            byte[] piece = new byte[64 * 1024];
            for (int i = 0; i < 200; i++) { // far more chunks than are in flight: the writer must not wait forever
                out.write(piece, 0, piece.length);
            }
            out.close();
        }).isInstanceOf(IOException.class).hasMessageContaining("No space left on device");
    }

    @Test
    void aTruncatedFileIsADamagedChunkNotGarbage() throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        try (ChunkedOutput out = new ChunkedOutput(file, "test-compressor")) {
            out.write(new byte[100_000], 0, 100_000);
        }
        byte[] cut = Arrays.copyOf(file.toByteArray(), file.size() - 10);
        try (ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(cut))) {
            assertThatThrownBy(in::readAllBytes).isInstanceOf(IOException.class);
        }
    }
}
