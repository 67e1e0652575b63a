package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Frames reach the device whole and in order from the writer's thread; refusals are counted; close writes the rest. */
class FrameWriterTest {

    /** Frame {@code i}: its number, then as many bytes of it as the number says (mod 1000). */
    private static void fill(ByteBuf frame, int i) {
        frame.clear().writeInt(i);
        for (int k = 0; k < i % 1000; k++) {
            frame.writeByte(i);
        }
    }

    private static boolean isFrame(ByteBuf frame, int i) {
        if (frame.readableBytes() != 4 + i % 1000 || frame.getInt(frame.readerIndex()) != i) {
            return false;
        }
        for (int k = 0; k < i % 1000; k++) {
            if (frame.getByte(frame.readerIndex() + 4 + k) != (byte) i) {
                return false;
            }
        }
        return true;
    }

    @Test
    void everyFrameReachesTheDeviceWholeAndInOrder() {
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        List<Integer> torn = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        FrameWriter writer = new FrameWriter(frame -> {
            int i = frame.getInt(frame.readerIndex());
            written.add(i);
            if (!isFrame(frame, i)) {
                torn.add(i);
            }
            threads.add(Thread.currentThread().getName());
            return true;
        }, "test-writer");
        ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
        Set<ByteBuf> seen = Collections.newSetFromMap(new IdentityHashMap<>()); // buffers, not contents
        for (int i = 0; i < 20_000; i++) {
            fill(frame, i);
            frame = writer.writeFrame(frame, 2 + i % 40); // super-segments: always the writer's
            seen.add(frame);
        }
        writer.close(); // writes what is still queued
        frame.release();

        assertThat(written).hasSize(20_000);
        for (int i = 0; i < written.size(); i++) {
            assertThat(written.get(i)).as("frame %d", i).isEqualTo(i);
        }
        assertThat(torn).as("frames changed while the writer had them").isEmpty();
        assertThat(threads).containsOnly("test-writer");
        assertThat(seen).as("buffers in circulation").hasSizeLessThanOrEqualTo(FrameWriter.FRAMES + 1);
    }

    /**
     * A single packet goes out at once on the caller's thread when nothing waits before it, and
     * behind what waits otherwise: the wire sees frames in the order they were handed over.
     */
    @Test
    void singlePacketsGoAtOnceOnlyWhenNothingWaitsBeforeThem() {
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        FrameWriter writer = new FrameWriter(frame -> {
            written.add(frame.getInt(frame.readerIndex()));
            threads.add(Thread.currentThread().getName());
            return true;
        }, "test-writer");
        ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
        fill(frame, 0);
        frame = writer.writeFrame(frame, 1); // nothing before it
        for (int i = 1; i < 20_000; i++) {
            fill(frame, i);
            frame = writer.writeFrame(frame, i % 3 == 0 ? 1 : 30);
        }
        writer.close();
        frame.release();
        assertThat(written).hasSize(20_000).isSorted();
        assertThat(threads.get(0)).isEqualTo(Thread.currentThread().getName());
        assertThat(threads).contains("test-writer");
    }

    @Test
    void framesTheKernelRefusesCountTheirPackets() {
        AtomicInteger writes = new AtomicInteger();
        FrameWriter writer = new FrameWriter(frame -> {
            writes.incrementAndGet();
            return frame.getInt(frame.readerIndex()) % 2 == 0;
        }, "test-writer");
        ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
        for (int i = 0; i < 10; i++) {
            fill(frame, i);
            frame = writer.writeFrame(frame, i);
        }
        writer.close();
        frame.release();
        assertThat(writer.packetsRefused()).isEqualTo(1 + 3 + 5 + 7 + 9);
        assertThat(writes.get()).as("every frame written once, refused or not").isEqualTo(10);
    }

    /** A device slower than the driver: the driver waits for a free buffer, nothing is lost or reordered. */
    @Test
    void aSlowDeviceHoldsTheDriverBackInsteadOfLosingFrames() throws InterruptedException {
        CountDownLatch open = new CountDownLatch(1);
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        FrameWriter writer = new FrameWriter(frame -> {
            try {
                open.await(); // holds the first frame until the driver has filled every buffer
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            written.add(frame.getInt(frame.readerIndex()));
            return true;
        }, "test-writer");
        AtomicInteger handedOver = new AtomicInteger();
        Thread driver = new Thread(() -> {
            ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
            for (int i = 0; i < 100; i++) {
                fill(frame, i);
                frame = writer.writeFrame(frame, 2);
                handedOver.set(i + 1);
            }
            writer.close();
            frame.release();
        });
        driver.start();
        while (driver.getState() != Thread.State.WAITING || handedOver.get() < FrameWriter.FRAMES) {
            Thread.onSpinWait(); // until the driver has handed over all it can and waits
        }
        assertThat(handedOver.get()).as("hand-overs before the device took anything").isEqualTo(FrameWriter.FRAMES);
        open.countDown();
        driver.join();
        assertThat(written).hasSize(100).isSorted();
    }

    @Test
    void aDeviceThatIsGoneIsReportedAndItsFramesCountedLost() {
        FrameWriter writer = new FrameWriter(frame -> {
            throw new TunException("gone");
        }, "test-writer");
        ByteBuf frame = Unpooled.directBuffer(TunDevice.MAX_FRAME, TunDevice.MAX_FRAME);
        fill(frame, 1);
        frame = writer.writeFrame(frame, 4);
        writer.close();
        frame.release();
        assertThat(writer.packetsRefused()).isEqualTo(4);
        assertThat(writer.failure()).hasMessage("gone");
        assertThatThrownBy(() -> writer.writeFrame(Unpooled.buffer(), 1)).isInstanceOf(IllegalStateException.class);
    }
}
