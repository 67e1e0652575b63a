package io.tcplab.stack.conn;

import io.tcplab.stack.buffer.ReceiveBuffer;
import io.tcplab.stack.buffer.SendBuffer;

/**
 * What a connection's buffers hold in memory at one moment, for bounds a test or a report checks.
 *
 * @param bufferBytesAllocated    bytes allocated for the send and receive rings, which grow on demand up to their sizes
 * @param outOfOrderRanges        out-of-order ranges held above RCV.NXT, never more than the receive buffer's budget
 * @param outOfOrderRangeCapacity ranges the out-of-order bookkeeping has memory for (it grows with their peak)
 */
public record BufferMemory(long bufferBytesAllocated, int outOfOrderRanges, int outOfOrderRangeCapacity) {
    static BufferMemory of(SendBuffer send, ReceiveBuffer receive) {
        return receive == null ? new BufferMemory(send.allocated(), 0, 0)
                : new BufferMemory(send.allocated() + receive.allocated(), receive.outOfOrderRanges(),
                        receive.outOfOrderRangeCapacity());
    }
}
