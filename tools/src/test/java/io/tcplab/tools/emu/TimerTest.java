package io.tcplab.tools.emu;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.tcplab.tools.link.LinkParams;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimerTest {
    /** A host with one settable deadline that records when it is polled. */
    static final class TimerHost implements EmulatedHost {
        long deadline = 100;
        long afterPoll = Long.MAX_VALUE;
        final List<Long> polls = new ArrayList<>();

        @Override
        public void receive(long nowNanos, ByteBuf ipPacket) {
        }

        @Override
        public void poll(long nowNanos) {
            polls.add(nowNanos);
            deadline = afterPoll;
        }

        @Override
        public long nextDeadline() {
            return deadline;
        }
    }

    private final Network network = Topologies.twoHosts(1, LinkParams.of(), LinkParams.of(),
            sink -> new TimerHost(), RecordingHost::new);
    private final HostNode node = network.host("a");
    private final TimerHost host = (TimerHost) node.host();

    @Test
    void pollsExactlyAtTheDeadlineArmedAtCreation() {
        network.scheduler().runUntil(1000);
        assertThat(host.polls).containsExactly(100L);
    }

    @Test
    void anEarlierDeadlineIsArmedAndALaterOneWaitsForTheStaleTimer() {
        node.at(10, () -> {
            host.deadline = 40;
            host.afterPoll = 100;
        });
        node.at(60, () -> {
            host.deadline = 200;
            host.afterPoll = Long.MAX_VALUE;
        });
        network.scheduler().runUntil(1000);
        // The timer at 100 is stale by then: it only re-arms for 200, without polling.
        assertThat(host.polls).containsExactly(40L, 200L);
    }

    @Test
    void afterExternalCallArmsTheNewDeadline() {
        network.at(5, () -> {
            host.deadline = 7;
            node.afterExternalCall();
        });
        network.scheduler().runUntil(50);
        assertThat(host.polls).containsExactly(7L);
    }
}
