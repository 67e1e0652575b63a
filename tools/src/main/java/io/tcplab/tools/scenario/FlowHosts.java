package io.tcplab.tools.scenario;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.StackHost;

/**
 * A flow's two hosts once the network is built: the sender and receiver, their stacks and
 * addresses, the connection settings in force (buffers sized) and the flow's base RTT.
 */
record FlowHosts(FlowSpec flow, HostNode sender, byte[] senderAddress, HostNode receiver, byte[] receiverAddress,
                 ConnectionOptions options, long baseRttNanos) {
    TcpStack senderStack() {
        return ((StackHost) sender.host()).stack();
    }

    TcpStack receiverStack() {
        return ((StackHost) receiver.host()).stack();
    }
}
