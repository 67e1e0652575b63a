package io.tcplab.tools.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.netty.buffer.ByteBuf;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** RED as Floyd & Jacobson 1993 define it: the average, the two thresholds, the spread of marks, idle decay. */
class RedQueueTest {
    private static final long RATE = 8_000_000; // 1500 B take 1.5 ms

    private static RedParams red(double maxP, double weight, boolean ecn) {
        return new RedParams(Limit.packets(5), Limit.packets(15), maxP, weight, ecn, RedParams.AboveMax.MARK, 1500);
    }

    @Test
    void theAverageIsAnEwmaOfTheQueueSeenOnArrival() {
        RedQueue q = new RedQueue(new SplittableRandom(1));
        RedParams p = red(0.1, 0.25, false);
        q.arrive(p, 4, 0, RATE);
        assertThat(q.average()).isEqualTo(1.0);          // 0 + 0.25 (4 - 0)
        q.arrive(p, 4, 0, RATE);
        assertThat(q.average()).isEqualTo(1.75);         // 1 + 0.25 (4 - 1)
        q.arrive(p, 0, 0, RATE);
        assertThat(q.average()).isEqualTo(1.3125);       // an empty queue that is not idle still counts
    }

    @Test
    void anIdleQueueDecaysTheAverageByTheSmallPacketsThatCouldHaveBeenSent() {
        RedQueue q = new RedQueue(new SplittableRandom(1));
        RedParams p = red(0.1, 0.5, false);
        q.arrive(p, 8, 0, RATE);                          // avg 4
        q.arrive(p, 0, 3_000_000, RATE);                  // idle 3 ms = two 1500 B packets: 4 x 0.5^2
        assertThat(q.average()).isEqualTo(1.0);
    }

    @Test
    void belowMinNothingIsPickedAndAtMaxEverythingIs() {
        RedQueue q = new RedQueue(new SplittableRandom(1));
        RedParams p = red(1.0, 1.0, false);               // weight 1: the average is the queue
        for (int i = 0; i < 1000; i++) {
            assertThat(q.arrive(p, 4, 0, RATE)).isEqualTo(RedQueue.Verdict.PASS);
        }
        for (int i = 0; i < 1000; i++) {
            assertThat(q.arrive(p, 15, 0, RATE)).isEqualTo(RedQueue.Verdict.FORCED);
        }
    }

    @Test
    void betweenTheThresholdsMarksAreSpreadUniformlyUpToOneOverPb() {
        // At avg = 10 (halfway), p_b = max_p / 2 = 0.05. With the paper's pseudocode (count
        // incremented before p_a = p_b / (1 - count p_b), reset to 0 on a pick) the k-th packet
        // after a pick is picked with p_b / (1 - k p_b), which makes the gap uniform on
        // 1..1/p_b - 1 = 1..19: mean 10, never longer than 19.
        RedQueue q = new RedQueue(new SplittableRandom(42));
        RedParams p = red(0.1, 1.0, false);
        int picks = 0;
        int gap = 0;
        int longestGap = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            gap++;
            if (q.arrive(p, 10, 0, RATE) == RedQueue.Verdict.PICK) {
                picks++;
                longestGap = Math.max(longestGap, gap);
                gap = 0;
            }
        }
        assertThat((double) n / picks).isCloseTo(10.0, within(0.1));
        assertThat(longestGap).isLessThanOrEqualTo(19);
    }

    @Test
    void onALinkRedMarksEcnCapablePacketsAndDropsTheOthers() {
        CapturingOutput out = new CapturingOutput();
        // min 1p, max 2p, weight 1: the third packet queued and after are always picked.
        LinkParams params = LinkParams.of().setRateBitsPerSec(1_000_000)
                .setRed(new RedParams(Limit.packets(1), Limit.packets(2), 1.0, 1.0, true, RedParams.AboveMax.MARK, 1500));
        Link link = out.link("red", params, 1);
        byte[] a = {10, 0, 0, 1};
        byte[] b = {10, 0, 0, 2};
        for (int i = 0; i < 4; i++) {
            link.offer(0, TestPackets.ipv4(a, b, i, 1000, TestPackets.ECT0));
        }
        for (int i = 4; i < 8; i++) {
            link.offer(0, TestPackets.ipv4(a, b, i, 1000, TestPackets.NOT_ECT));
        }
        assertThat(out.seqs()).containsExactly(0, 1, 2, 3);
        assertThat(out.carried).extracting(c -> ecn(c.bytes())).containsExactly(2, 2, 3, 3);
        assertThat(link.counters().ceMarked()).isEqualTo(2);
        assertThat(link.counters().earlyDropped()).isEqualTo(4);
        assertThat(link.counters().queueDropped()).isEqualTo(4);
        assertThat(link.counters().ectDropped()).isZero();
        assertThat(out.carried).allSatisfy(c -> assertThat(
                TestPackets.ipv4ChecksumValid(io.netty.buffer.Unpooled.wrappedBuffer(c.bytes()))).isTrue());
    }

    @Test
    void aPacketAnEarlierQueueMarkedIsMarkedAgainNotDropped() {
        // RFC 3168 §5: CE is left unchanged and the packet forwarded; it is still ECN-capable.
        CapturingOutput out = new CapturingOutput();
        LinkParams params = LinkParams.of().setRateBitsPerSec(1_000_000)
                .setRed(new RedParams(Limit.packets(1), Limit.packets(2), 1.0, 1.0, true, RedParams.AboveMax.MARK, 1500));
        Link link = out.link("red", params, 1);
        for (int i = 0; i < 4; i++) {
            link.offer(0, TestPackets.ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, i, 1000, TestPackets.CE));
        }
        assertThat(out.seqs()).containsExactly(0, 1, 2, 3);
        assertThat(out.carried).extracting(c -> ecn(c.bytes())).containsOnly(TestPackets.CE);
        assertThat(link.counters().ceMarked()).isEqualTo(2);
        assertThat(link.counters().earlyDropped()).isZero();
        assertThat(out.carried).allSatisfy(c -> assertThat(
                TestPackets.ipv4ChecksumValid(io.netty.buffer.Unpooled.wrappedBuffer(c.bytes()))).isTrue());
    }

    @Test
    void aDroppedCePacketCountsAsAnEcnCapableDrop() {
        CapturingOutput out = new CapturingOutput();
        Link link = out.link("red", LinkParams.parse("rate=1Mbit,red=1p:2p:1:1"), 1);
        for (int i = 0; i < 4; i++) {
            link.offer(0, TestPackets.ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, i, 1000, TestPackets.CE));
        }
        assertThat(out.seqs()).containsExactly(0, 1);
        assertThat(link.counters().ectDropped()).isEqualTo(2);
    }

    @Test
    void withoutEcnRedDropsEcnCapablePacketsToo() {
        CapturingOutput out = new CapturingOutput();
        LinkParams params = LinkParams.parse("rate=1Mbit,red=1p:2p:1:1");
        Link link = out.link("red", params, 1);
        for (int i = 0; i < 4; i++) {
            link.offer(0, TestPackets.ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, i, 1000, TestPackets.ECT0));
        }
        assertThat(out.seqs()).containsExactly(0, 1);
        assertThat(link.counters().ectDropped()).isEqualTo(2);
    }

    /**
     * min 1p, max 3p, max_p 1, weight 1 (the average is the queue), five ECT(0) packets at once:
     * the first finds 0 (below min), the second 1 (p_b 0), the third 2 (p_b 0.5, spread by one
     * packet since the count started: p_a = 0.5 / (1 - 0.5) = 1, picked between the thresholds),
     * the rest 3 or more (at max).
     */
    private static Link aboveMaxLink(CapturingOutput out, RedParams.AboveMax aboveMax) {
        LinkParams params = LinkParams.of().setRateBitsPerSec(1_000_000)
                .setRed(new RedParams(Limit.packets(1), Limit.packets(3), 1.0, 1.0, true, aboveMax, 1500));
        Link link = out.link("red", params, 1);
        for (int i = 0; i < 5; i++) {
            link.offer(0, TestPackets.ipv4(new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, i, 1000, TestPackets.ECT0));
        }
        return link;
    }

    @Test
    void aboveMaxMarkMarksEcnCapablePacketsAtEveryLevel() {
        CapturingOutput out = new CapturingOutput();
        Link link = aboveMaxLink(out, RedParams.AboveMax.MARK);
        assertThat(out.seqs()).containsExactly(0, 1, 2, 3, 4);
        assertThat(out.carried).extracting(c -> ecn(c.bytes())).containsExactly(2, 2, 3, 3, 3);
        assertThat(link.counters().ectDropped()).isZero();
        assertThat(link.counters().ectAboveMaxDropped()).isZero();
    }

    @Test
    void aboveMaxDropDropsEcnCapablePacketsAtMaxAndStillMarksBetweenTheThresholds() {
        CapturingOutput out = new CapturingOutput();
        Link link = aboveMaxLink(out, RedParams.AboveMax.DROP);
        assertThat(out.seqs()).containsExactly(0, 1, 2);
        assertThat(out.carried).extracting(c -> ecn(c.bytes())).containsExactly(2, 2, 3);
        assertThat(link.counters().ceMarked()).isEqualTo(1);
        assertThat(link.counters().earlyDropped()).isEqualTo(2);
        assertThat(link.counters().ectDropped()).isEqualTo(2);
        assertThat(link.counters().ectAboveMaxDropped()).isEqualTo(2);
    }

    @Test
    void theAboveMaxChoiceParsesAndPrints() {
        assertThat(RedParams.parse("5p:15p:0.1:0.002:ecn").aboveMax()).isEqualTo(RedParams.AboveMax.MARK);
        RedParams drop = RedParams.parse("5p:15p:0.1:0.002:ecn:drop");
        assertThat(drop.aboveMax()).isEqualTo(RedParams.AboveMax.DROP);
        assertThat(RedParams.parse(drop.toString())).isEqualTo(drop);
        assertThatThrownBy(() -> RedParams.parse("5p:15p:0.1:0.002:ecn:maybe")).hasMessageContaining("[:ecn[:mark|drop]]");
    }

    @Test
    void badSettingsNameWhatIsAllowed() {
        assertThatThrownBy(() -> RedParams.parse("5p:15p:0.1")).hasMessageContaining("MIN:MAX:MAX_P:WEIGHT[:ecn[:mark|drop]]");
        assertThatThrownBy(() -> RedParams.parse("15p:5p:0.1:0.002")).hasMessageContaining("min < max");
        assertThatThrownBy(() -> RedParams.parse("5p:15KB:0.1:0.002")).hasMessageContaining("same unit");
        assertThatThrownBy(() -> RedParams.parse("5p:15p:0:0.002")).hasMessageContaining("max_p");
    }

    private static int ecn(byte[] bytes) {
        ByteBuf p = io.netty.buffer.Unpooled.wrappedBuffer(bytes);
        return TestPackets.ecn(p);
    }
}
