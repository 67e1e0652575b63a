package io.tcplab.stack.loss;

import java.lang.reflect.Array;

/**
 * Growth for primitive arrays used as rings indexed by {@code ordinal & mask}: the live ordinals
 * keep their meaning, only their slots move.
 */
final class Rings {
    private Rings() {}

    /**
     * A copy of ring {@code old}, whose slots are records of {@code stride} elements, with capacity
     * newMask+1 records holding the ordinals [head, head+count).
     */
    static <T> T grow(T old, int stride, long head, int count, int oldMask, int newMask) {
        @SuppressWarnings("unchecked")
        T grown = (T) Array.newInstance(old.getClass().getComponentType(), (newMask + 1) * stride);
        long o = head;
        for (int left = count; left > 0; ) {
            int from = (int) (o & oldMask);
            int to = (int) (o & newMask);
            int run = Math.min(left, Math.min(oldMask + 1 - from, newMask + 1 - to));
            System.arraycopy(old, from * stride, grown, to * stride, run * stride);
            o += run;
            left -= run;
        }
        return grown;
    }
}
