package io.tcplab.stack.profile;

import static io.tcplab.stack.profile.ProfileKey.DELAYED_ACK_TIMEOUT;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_RTO;
import static io.tcplab.stack.profile.ProfileKey.INITIAL_WINDOW;
import static io.tcplab.stack.profile.ProfileKey.MIN_RTO;
import static io.tcplab.stack.profile.ProfileKey.SACK;

import java.util.List;

/**
 * Solaris 2.7 (Solaris 7), seed 001's non-SACK, non-ECN hosts. No Solaris 7 manual was found;
 * values come from the Solaris 8 and 9 Tunable Parameters Reference Manuals, the nearest
 * releases documented, and where those leave a value out the choice is stated.
 */
final class Solaris27Profile {
    private static final String SOLARIS8 = "Solaris 8 Tunable Parameters Reference Manual (docs.oracle.com/cd/E19455-01): ";

    private Solaris27Profile() {
    }

    static Profile profile() {
        return new Profile("solaris-2.7", "Solaris 7 (1998), seed 001's non-SACK hosts (from the Solaris 8/9 manuals)",
                List.of(
                        new ProfileValue(SACK, "off", "seed 001: \"Solaris hosts, v. 2.7: NON-ECN and NON-SACK capable\""),
                        new ProfileValue(INITIAL_WINDOW, "2", "not found for Solaris 7 (Solaris 8 caps the RFC 2414"
                                + " window with tcp_slow_start_initial); chosen: RFC 2581's 2 segments, the"
                                + " standard when Solaris 7 shipped"),
                        new ProfileValue(INITIAL_RTO, "3000ms", SOLARIS8 + "tcp_rexmit_interval_initial = 3 s"),
                        new ProfileValue(MIN_RTO, "400ms", "Solaris 9 Tunable Parameters Reference Manual:"
                                + " tcp_rexmit_interval_min = 400 ms (Solaris 7's own value not found)"),
                        new ProfileValue(DELAYED_ACK_TIMEOUT, "100ms", SOLARIS8 + "tcp_deferred_ack_interval = 100 ms")),
                List.of());
    }
}
