package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tun.testing.Requires;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ab --ecn} through a 500 kB queue that marks CE above 20 packets (issue 16): both senders
 * negotiate ECN, the link marks instead of dropping, both reduce their windows on the echo, and
 * the queue (345 packets) hardly overflows. Needs root (CI); skips with the reason elsewhere.
 */
class AbEcnKernelTest {

    @Test
    @Timeout(120)
    void bothSidesNegotiateEcnAndTheLinkMarksInsteadOfDropping() throws Exception {
        Requires.testHosts();
        Cli r = AbCommandTest.ab("--ecn", "--ecn-threshold", "20p", "--queue", "500KB", "--rate", "100Mbit", "--rtt",
                "40ms", "--bytes", "12MiB", "--cc", "reno", "--json");
        System.out.println(r.out());
        assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.at("/spec/ecn").asBoolean()).isTrue();
        for (String side : new String[] {"kernel", "tcplab"}) {
            JsonNode run = root.get(side);
            assertThat(run.at("/ecn/negotiated").asBoolean()).as(side + " negotiated ECN").isTrue();
            long packets = run.get("linkPackets").asLong();
            // every data segment is ECN-capable once negotiated (RFC 3168 §6.1.1); the SYN and the bare ACKs are not
            assertThat(run.at("/ecn/ectPackets").asLong()).as(side).isGreaterThan(packets * 9 / 10);
            assertThat(run.at("/ecn/ceMarks").asLong()).as(side + " CE marks").isPositive();
            assertThat(run.at("/ecn/cwrSegments").asLong()).as(side + " reductions announced").isPositive()
                    .isLessThanOrEqualTo(run.at("/ecn/ceMarks").asLong());
            assertThat(run.get("linkDrops").asLong()).as(side + " link drops of %d packets", packets)
                    .isLessThanOrEqualTo(packets / 100);
            assertThat(run.at("/outsideDrops/total").asLong()).as(side).isZero();
        }
    }
}
