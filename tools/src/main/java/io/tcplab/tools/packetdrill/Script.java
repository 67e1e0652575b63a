package io.tcplab.tools.packetdrill;

import java.util.List;
import java.util.Map;

/**
 * A parsed script: its events in order, the command-line flags it sets, the Linux settings its
 * shell blocks make (full names, in order, each one {@link LinuxSysctl} honours), and, when it
 * cannot be run here, why.
 */
record Script(String name, List<Event> events, long toleranceMicros, long tsTickMicros, Map<String, String> sysctls,
              String skipReason) {
    static final long DEFAULT_TOLERANCE_MICROS = 4000; // packetdrill's --tolerance_usecs default
}
