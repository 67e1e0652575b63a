package io.tcplab.tools.packetdrill;

import java.util.List;
import java.util.Map;

/**
 * A parsed script: its events in order, the command-line flags it sets (the tolerance, the TSval
 * tick, our and the peer's address), the Linux settings its shell blocks make before it starts
 * (full names, in order, each one {@link LinuxSysctl} honours; blocks run at a time during the
 * script are events), and, when it cannot be run here, why.
 */
record Script(String name, List<Event> events, long toleranceMicros, long tsTickMicros, Map<String, String> sysctls,
              String skipReason, byte[] localIp, byte[] remoteIp) {
    static final long DEFAULT_TOLERANCE_MICROS = 4000; // packetdrill's --tolerance_usecs default
    /** The addresses packetdrill's run_all.py gives IPv4 scripts (--local_ip, --remote_ip), unless the script sets its own. */
    static final byte[] DEFAULT_LOCAL = {(byte) 192, (byte) 168, 0, 1};
    static final byte[] DEFAULT_REMOTE = {(byte) 192, 0, 2, 1};
}
