package io.tcplab.tools.packetdrill;

/**
 * One timed line of a script: a packet (in or out), an inbound ICMP error, a system call, a
 * {@code %{ }%} block, or a shell block run at its time ({@code shell}: the settings it makes, a
 * flush of the TCP metrics, a counter it checks).
 */
record Event(int line, Timing timing, PacketSpec packet, SyscallSpec syscall, PyBlock code, ShellBlock shell,
             IcmpSpec icmp, String text) {
    boolean isPacket() {
        return packet != null;
    }
}
