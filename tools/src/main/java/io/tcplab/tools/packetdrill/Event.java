package io.tcplab.tools.packetdrill;

/** One timed line of a script: a packet (in or out), a system call or a {@code %{ }%} block. */
record Event(int line, Timing timing, PacketSpec packet, SyscallSpec syscall, PyBlock code, String text) {
    boolean isPacket() {
        return packet != null;
    }
}
