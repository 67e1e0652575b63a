package io.tcplab.stack.timer;

import java.util.Arrays;
import java.util.List;

/**
 * An indexed binary min-heap of owners keyed by their earliest deadline, so a stack with many
 * connections finds the next deadline in O(1) and the due owners in O(k log n), instead of
 * scanning every connection. Each owner carries its {@link Slot}, which remembers where it sits,
 * so moving a key either way (a timer armed earlier or cancelled) is one sift, O(log n).
 *
 * <p>The arrays double when the heap outgrows them and are never shrunk: once the number of
 * owners has peaked, no operation allocates.
 */
public final class DeadlineHeap<T> {
    /** An owner's place in the heap; opaque to everyone but the heap. */
    public static final class Slot<T> {
        final T owner;
        int index = -1;

        public Slot(T owner) {
            this.owner = owner;
        }

        /** True while the owner is in a heap. */
        public boolean queued() {
            return index >= 0;
        }
    }

    private Slot<T>[] slots;
    private long[] keys;
    private int size;
    private int[] stack = new int[16];
    private long examined;

    @SuppressWarnings("unchecked")
    public DeadlineHeap() {
        slots = (Slot<T>[]) new Slot[16];
        keys = new long[16];
    }

    public int size() {
        return size;
    }

    /** The smallest key, or {@link Long#MAX_VALUE} when empty. */
    public long minKey() {
        return size == 0 ? Long.MAX_VALUE : keys[0];
    }

    /** The key of a queued slot. */
    public long keyOf(Slot<T> slot) {
        if (slot.index < 0) {
            throw new IllegalArgumentException("not in the heap");
        }
        return keys[slot.index];
    }

    /** Heap entries looked at by {@link #collectDue}: a measure of the work polling does. */
    public long examined() {
        return examined;
    }

    /** Inserts the slot with this key, or moves it there when it is already queued. */
    public void update(Slot<T> slot, long key) {
        int i = slot.index;
        if (i < 0) {
            if (size == slots.length) {
                slots = Arrays.copyOf(slots, size * 2);
                keys = Arrays.copyOf(keys, size * 2);
            }
            i = size++;
            place(i, slot, key);
            siftUp(i);
            return;
        }
        long old = keys[i];
        keys[i] = key;
        if (key < old) {
            siftUp(i);
        } else if (key > old) {
            siftDown(i);
        }
    }

    /** Takes the slot out; nothing happens when it is not queued. */
    public void remove(Slot<T> slot) {
        int i = slot.index;
        if (i < 0) {
            return;
        }
        slot.index = -1;
        int last = --size;
        Slot<T> moved = slots[last];
        long movedKey = keys[last];
        slots[last] = null;
        if (i == last) {
            return;
        }
        place(i, moved, movedKey);
        siftUp(i);
        siftDown(moved.index);
    }

    /**
     * Appends every owner whose key is at or below {@code now} to {@code out}, in no particular
     * order, without changing the heap. Only due entries and their direct children are looked at
     * (a child of an entry that is not due is not due either), so the cost is O(k) for k due owners.
     */
    public void collectDue(long now, List<T> out) {
        if (size == 0 || keys[0] > now) {
            return;
        }
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            int i = stack[--top];
            examined++;
            if (keys[i] > now) {
                continue;
            }
            out.add(slots[i].owner);
            int child = 2 * i + 1;
            if (top + 2 > stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            if (child < size) {
                stack[top++] = child;
            }
            if (child + 1 < size) {
                stack[top++] = child + 1;
            }
        }
    }

    private void place(int i, Slot<T> slot, long key) {
        slots[i] = slot;
        keys[i] = key;
        slot.index = i;
    }

    private void siftUp(int i) {
        Slot<T> slot = slots[i];
        long key = keys[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (keys[parent] <= key) {
                break;
            }
            place(i, slots[parent], keys[parent]);
            i = parent;
        }
        place(i, slot, key);
    }

    private void siftDown(int i) {
        Slot<T> slot = slots[i];
        long key = keys[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && keys[child + 1] < keys[child]) {
                child++;
            }
            if (keys[child] >= key) {
                break;
            }
            place(i, slots[child], keys[child]);
            i = child;
        }
        place(i, slot, key);
    }
}
