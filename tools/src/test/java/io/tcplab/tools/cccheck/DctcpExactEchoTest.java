package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.conn.ExactCeEcho;
import org.junit.jupiter.api.Test;

/**
 * End to end through the emulator: a DCTCP sender and a tcplab receiver whose own algorithm is
 * Reno (so only the negotiated option can make it echo exactly), through a queue that marks CE
 * above K = 20 packets (1 Gbit/s, 1 ms; {@link DctcpCheck}), with delayed ACKs as by default.
 * Negotiated, the sender's α converges to the fraction of packets the queue marked; with exact
 * echo off at the receiver (RFC 3168's latch), α is far from it, so the test can fail.
 */
class DctcpExactEchoTest {

    private static ConnectionOptions.Builder renoReceiver() {
        return ConnectionOptions.builder().ecn(true);
    }

    @Test
    void negotiatedExactEchoGivesTheMarkedFraction() {
        DctcpCheck.Measured m = DctcpCheck.run(1, renoReceiver().build());
        assertThat(m.markedFraction()).as("the queue marked").isBetween(0.02, 0.5);
        assertThat(m.alpha()).as("alpha against the marked fraction %.4f", m.markedFraction())
                .isCloseTo(m.markedFraction(), within(0.05 * m.markedFraction()));
    }

    @Test
    void withExactEchoOffTheLatchedEchoOverstatesIt() {
        DctcpCheck.Measured m = DctcpCheck.run(1, renoReceiver().exactCeEcho(ExactCeEcho.OFF).build());
        assertThat(m.alpha()).as("alpha against the marked fraction %.4f", m.markedFraction())
                .isGreaterThan(1.3 * m.markedFraction());
    }
}
