package io.tcplab.stack.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Network-order reads and writes of a header copied into a small byte array. The flyweights copy
 * a header out of (or into) its ByteBuf in one bulk access and work on the copy, because every
 * single ByteBuf access pays a bounds and a liveness check (a fifth of the packet path's time).
 */
final class BigEndian {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private BigEndian() {
    }

    static int u8(byte[] a, int i) {
        return a[i] & 0xff;
    }

    static int u16(byte[] a, int i) {
        return (short) SHORT.get(a, i) & 0xffff;
    }

    static int i32(byte[] a, int i) {
        return (int) INT.get(a, i);
    }

    static long i64(byte[] a, int i) {
        return (long) LONG.get(a, i);
    }

    static void put16(byte[] a, int i, int value) {
        SHORT.set(a, i, (short) value);
    }

    static void put32(byte[] a, int i, int value) {
        INT.set(a, i, value);
    }

    static void put64(byte[] a, int i, long value) {
        LONG.set(a, i, value);
    }
}
