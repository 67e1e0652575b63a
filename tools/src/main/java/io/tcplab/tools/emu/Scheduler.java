package io.tcplab.tools.emu;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * The virtual clock and its event queue. Events run in order of (time, insertion order), so
 * events at the same time run first-in first-out and every run is deterministic.
 *
 * <p>The queue is a binary heap kept in parallel arrays, so scheduling an event allocates
 * nothing once the arrays have grown to the largest number of pending events. The heap holds
 * only numbers (time, insertion number, slot); an event's handler and argument stay in their
 * slot of a side table while the heap reorders. Moving object references up and down the heap
 * made the garbage collector's write barrier (G1's card marking, with a memory fence) part of
 * every step of every sift.
 * Single-threaded: events run on the thread that calls {@code runUntil}.
 */
public final class Scheduler {
    private static final EventHandler RUN = (now, action) -> ((Runnable) action).run();

    private long[] times = new long[256];
    private long[] seqs = new long[256];
    /** The heap entry's slot in {@link #handlers} and {@link #args}. */
    private int[] slots = new int[256];
    private EventHandler[] handlers = new EventHandler[256];
    private Object[] args = new Object[256];
    /** Slots not in use, a stack: {@code freeSlots[0 .. freeCount)}. */
    private int[] freeSlots = new int[256];
    private int freeCount;
    private int size;
    /**
     * The root's event is running and its entry is spent but still in place: the first event its
     * handler schedules takes the root's place with one sift down, instead of the root being
     * removed (a sift down) and the new event inserted (a sift up). Most handlers schedule
     * exactly one event (a link's next packet, a host's next timer).
     */
    private boolean rootSpent;
    /** Events whose insertion number is taken but that wait outside the heap (see {@link #reserveSeq}). */
    private int parked;
    private long nextSeq;
    private long now;
    private long processed;
    private boolean stopped;

    public long now() {
        return now;
    }

    /** Runs {@code action} at virtual time {@code timeNanos} (not before now). */
    public void at(long timeNanos, Runnable action) {
        schedule(timeNanos, RUN, action);
    }

    /** One event of a series made by {@link #atEach}: its index (from 0) and time. */
    @FunctionalInterface
    public interface SeriesAction {
        void run(int index, long timeNanos);
    }

    /**
     * Runs {@code action} at {@code firstNanos + k * periodNanos} for k = 0 .. count-1, each exactly
     * where it would run had the {@code count} events been scheduled now, one after another (they
     * take their insertion numbers now). Only the next one waits in the heap: a long series (a
     * run's samples) does not deepen the heap that every packet's event passes through.
     */
    public void atEach(long firstNanos, long periodNanos, int count, SeriesAction action) {
        if (count <= 0) {
            return;
        }
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive: " + periodNanos + " ns");
        }
        long firstSeq = nextSeq;
        nextSeq += count;
        parked += count - 1;
        EventHandler series = new EventHandler() {
            private int index;

            @Override
            public void onEvent(long nowNanos, Object arg) {
                int k = index++;
                if (index < count) {
                    parked--;
                    scheduleReserved(firstNanos + index * periodNanos, firstSeq + index, this, null);
                }
                action.run(k, nowNanos);
            }
        };
        scheduleReserved(firstNanos, firstSeq, series, null);
    }

    /** Calls {@code handler.onEvent(timeNanos, arg)} at {@code timeNanos} (not before now). */
    public void schedule(long timeNanos, EventHandler handler, Object arg) {
        scheduleReserved(timeNanos, nextSeq++, handler, arg);
    }

    /**
     * Takes the insertion number an event scheduled now would get, without queueing anything.
     * The caller later queues the event with {@link #scheduleReserved}, and it then runs exactly
     * where it would have run had it been scheduled now. Events that are bound to run one after
     * another (the packets on one link) can so wait outside the heap, with only the first of
     * them in it, and the heap stays small.
     */
    long reserveSeq() {
        return nextSeq++;
    }

    /** Queues an event under an insertion number taken earlier with {@link #reserveSeq}. */
    void scheduleReserved(long timeNanos, long seq, EventHandler handler, Object arg) {
        if (timeNanos < now) {
            throw new IllegalArgumentException("cannot schedule at " + timeNanos + " ns, before now (" + now + " ns)");
        }
        if (rootSpent) {
            rootSpent = false;
            int slot = slots[0];
            handlers[slot] = handler;
            args[slot] = arg;
            siftDown(timeNanos, seq, slot);
            return;
        }
        if (size == times.length) {
            grow();
        }
        int slot = freeCount > 0 ? freeSlots[--freeCount] : size;
        handlers[slot] = handler;
        args[slot] = arg;
        siftUp(size++, timeNanos, seq, slot);
    }

    /** One more (or, with -1, one fewer) event waits outside the heap under a reserved number. */
    void parked(int delta) {
        parked += delta;
    }

    /** Runs every event due at or before {@code timeNanos}, then sets the clock to it (unless stopped). */
    public void runUntil(long timeNanos) {
        stopped = false;
        while (!stopped && size > 0 && times[0] <= timeNanos) {
            runNext();
        }
        if (!stopped) {
            now = Math.max(now, timeNanos);
        }
    }

    /**
     * Runs events until {@code done} holds (checked before the first event and after each one),
     * {@link #stop()} is called, or the next event is later than {@code limitNanos}. Returns
     * whether {@code done} holds. If it never held the clock ends at {@code limitNanos}.
     */
    public boolean runUntil(BooleanSupplier done, long limitNanos) {
        stopped = false;
        while (!stopped && !done.getAsBoolean()) {
            if (size == 0 || times[0] > limitNanos) {
                now = Math.max(now, limitNanos);
                return false;
            }
            runNext();
        }
        return done.getAsBoolean();
    }

    /** Makes the running {@code runUntil} return after the current event. */
    public void stop() {
        stopped = true;
    }

    /** Events scheduled and not yet run, packets on links included. */
    public int pendingEvents() {
        return size - (rootSpent ? 1 : 0) + parked;
    }

    public long eventsProcessed() {
        return processed;
    }

    private void runNext() {
        if (rootSpent) {
            throw new IllegalStateException("an event handler cannot run the scheduler itself");
        }
        long time = times[0];
        int slot = slots[0];
        EventHandler handler = handlers[slot];
        Object arg = args[slot];
        handlers[slot] = null;
        args[slot] = null;
        now = time;
        processed++;
        rootSpent = true;
        try {
            handler.onEvent(time, arg);
        } finally {
            if (rootSpent) {
                removeRoot();
            }
        }
    }

    private void removeRoot() {
        rootSpent = false;
        freeSlots[freeCount++] = slots[0];
        size--;
        if (size > 0) {
            siftDown(times[size], seqs[size], slots[size]);
        }
    }

    private void siftUp(int hole, long time, long seq, int slot) {
        while (hole > 0) {
            int parent = (hole - 1) >>> 1;
            if (!before(time, seq, parent)) {
                break;
            }
            move(parent, hole);
            hole = parent;
        }
        put(hole, time, seq, slot);
    }

    /** Fills the hole left at the root with the given (former last) entry. */
    private void siftDown(long time, long seq, int slot) {
        int hole = 0;
        int half = size >>> 1;
        while (hole < half) {
            int child = 2 * hole + 1;
            if (child + 1 < size && before(times[child + 1], seqs[child + 1], child)) {
                child++;
            }
            if (!before(times[child], seqs[child], time, seq)) {
                break;
            }
            move(child, hole);
            hole = child;
        }
        put(hole, time, seq, slot);
    }

    private boolean before(long time, long seq, int slot) {
        return before(time, seq, times[slot], seqs[slot]);
    }

    private static boolean before(long timeA, long seqA, long timeB, long seqB) {
        return timeA < timeB || (timeA == timeB && seqA < seqB);
    }

    private void move(int from, int to) {
        put(to, times[from], seqs[from], slots[from]);
    }

    private void put(int index, long time, long seq, int slot) {
        times[index] = time;
        seqs[index] = seq;
        slots[index] = slot;
    }

    private void grow() {
        int capacity = times.length * 2;
        times = Arrays.copyOf(times, capacity);
        seqs = Arrays.copyOf(seqs, capacity);
        slots = Arrays.copyOf(slots, capacity);
        handlers = Arrays.copyOf(handlers, capacity);
        args = Arrays.copyOf(args, capacity);
        freeSlots = Arrays.copyOf(freeSlots, capacity);
    }
}
