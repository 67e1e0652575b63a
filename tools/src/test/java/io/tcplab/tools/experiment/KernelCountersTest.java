package io.tcplab.tools.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the kernel's TcpExt counters, and a run's counts as their differences. */
class KernelCountersTest {
    private static final String BEFORE = """
            TcpExt: SyncookiesSent TCPTimeouts TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo TCPLostRetransmit
            TcpExt: 0 3 1 0 0 2 5
            IpExt: InNoRoutes InTruncatedPkts
            IpExt: 0 0
            """;
    private static final String AFTER = """
            TcpExt: SyncookiesSent TCPTimeouts TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo TCPLostRetransmit
            TcpExt: 0 7 2 1 1 3 9
            """;

    @Test
    void onlyTcpExtNamesPairedWithTheirValues() {
        Map<String, Long> m = KernelCounters.parse(BEFORE);
        assertThat(m).containsEntry("TCPTimeouts", 3L).containsEntry("TCPLostRetransmit", 5L)
                .doesNotContainKey("InNoRoutes").hasSize(7);
    }

    @Test
    void aRunCountsTheDifferenceAndUndosAddUp() {
        SenderCounts c = KernelCounters.of(KernelCounters.parse(AFTER))
                .since(KernelCounters.of(KernelCounters.parse(BEFORE)), 42);
        assertThat(c).isEqualTo(new SenderCounts(4L, 42, 4L, 4L));
    }

    @Test
    void aCounterTheKernelLacksIsNotAvailable() {
        SenderCounts c = KernelCounters.of(Map.of("TCPTimeouts", 5L)).since(KernelCounters.of(Map.of("TCPTimeouts", 1L)), 0);
        assertThat(c).isEqualTo(new SenderCounts(4L, 0, null, null));
    }
}
