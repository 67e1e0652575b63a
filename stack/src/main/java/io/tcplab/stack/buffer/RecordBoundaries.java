package io.tcplab.stack.buffer;

/**
 * The ends of records in the send buffer: sequence numbers no segment may span, so the data
 * written after a record end never shares a segment with the record (Linux MSG_EOR:
 * tcp_sendmsg_locked marks the last skb {@code eor}, and neither new data, segment collapsing
 * nor retransmission merges across it). Ascending; the ones at or below SND.UNA are dropped. The
 * array is made only when a record end is marked and grows by doubling.
 */
final class RecordBoundaries {
    private long[] ends;
    private int head;
    private int size;

    /** Marks {@code seq} (after the last written byte) as a record end, if it is past the last one. */
    void mark(long seq) {
        if (size > 0 && at(size - 1) >= seq) {
            return;
        }
        if (ends == null || size == ends.length) {
            grow();
        }
        ends[(head + size) & (ends.length - 1)] = seq;
        size++;
    }

    /** The first record end above {@code seq}, or {@link Long#MAX_VALUE} when none (a binary search). */
    long after(long seq) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (at(mid) > seq) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo < size ? at(lo) : Long.MAX_VALUE;
    }

    private long at(int i) {
        return ends[(head + i) & (ends.length - 1)];
    }

    /** Forgets the record ends at or below {@code una}: every byte before them is acknowledged. */
    void acknowledged(long una) {
        while (size > 0 && ends[head] <= una) {
            head = (head + 1) & (ends.length - 1);
            size--;
        }
    }

    private void grow() {
        long[] bigger = new long[ends == null ? 8 : ends.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = at(i);
        }
        ends = bigger;
        head = 0;
    }
}
