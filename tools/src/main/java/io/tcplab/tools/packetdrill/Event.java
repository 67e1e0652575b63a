package io.tcplab.tools.packetdrill;

/** One timed line of a script: a packet (in or out) or a system call. */
record Event(int line, Timing timing, PacketSpec packet, SyscallSpec syscall, String text) {
    boolean isPacket() {
        return packet != null;
    }
}
