package io.tcplab.stack.loss;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random send / ACK / SACK / retransmit / loss operations, checked after each against a naive
 * model that rescans every segment (RFC 6675 §4 IsLost and SetPipe as written).
 */
class ScoreboardPropertyTest {
    private static final int DUP_THRESH = 3;
    private static final int SMSS = 100;

    private static final class Seg {
        long start;
        int len;
        long sendTime;
        boolean sacked;
        boolean lost;
        boolean rtx;

        long end() { return start + len; }
    }

    private final List<Seg> model = new ArrayList<>();
    private long highData;
    private boolean sentAny;
    private long now;

    @Property(tries = 300)
    void agreesWithANaiveRescan(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int steps) {
        Random rnd = new Random(seed);
        model.clear();
        highData = 1000;
        sentAny = false;
        Scoreboard sb = new Scoreboard(2);
        AckResult out = new AckResult();
        for (int step = 0; step < steps; step++) {
            out.clear();
            now++;
            AckResult expected = new AckResult();
            switch (rnd.nextInt(10)) {
                case 0, 1, 2 -> send(sb, 1 + rnd.nextInt(2 * SMSS));
                case 3 -> cumulativeAck(sb, out, expected, aroundOutstanding(rnd));
                case 4, 5, 6 -> {
                    long l = aroundOutstanding(rnd);
                    long r = rnd.nextBoolean() ? l + rnd.nextInt(4 * SMSS) : aroundOutstanding(rnd);
                    sackBlock(sb, out, expected, l, r);
                }
                case 7 -> retransmitSome(sb, rnd);
                case 8 -> {
                    if (rnd.nextInt(10) == 0) {
                        sb.markAllLost();
                        model.stream().filter(s -> !s.sacked).forEach(s -> { s.lost = true; s.rtx = false; });
                    } else if (rnd.nextInt(10) == 0) {
                        sb.clearSack();
                        model.forEach(s -> s.sacked = false);
                    } else {
                        long seq = aroundOutstanding(rnd);
                        Seg s = holding(seq);
                        assertThat(sb.markLost(seq)).isEqualTo(s != null && !s.sacked);
                        if (s != null && !s.sacked) {
                            s.lost = true;
                            s.rtx = false;
                        }
                    }
                }
                default -> { }
            }
            sb.updateLoss(DUP_THRESH, SMSS, out);
            expected.newlyLostBytes = markLostByRescan();
            assertThat(out.newlyAckedBytes).isEqualTo(expected.newlyAckedBytes);
            assertThat(out.newlySackedBytes).isEqualTo(expected.newlySackedBytes);
            assertThat(out.newlyLostBytes).isEqualTo(expected.newlyLostBytes);
            assertThat(out.dsack).isEqualTo(expected.dsack);
            assertAgrees(sb);
        }
    }

    private void send(Scoreboard sb, int len) {
        sb.onSend(highData, len, now, 0);
        Seg s = new Seg();
        s.start = highData;
        s.len = len;
        s.sendTime = now;
        model.add(s);
        highData += len;
        sentAny = true;
    }

    private void cumulativeAck(Scoreboard sb, AckResult out, AckResult expected, long una) {
        boolean valid = sentAny && una <= highData;
        assertThat(sb.onCumulativeAck(una, out)).isEqualTo(valid);
        if (!valid) {
            return;
        }
        while (!model.isEmpty() && model.get(0).start < una) {
            Seg s = model.get(0);
            long acked = Math.min(una, s.end()) - s.start;
            if (!s.sacked) {
                expected.newlyAckedBytes += acked;
            }
            if (s.end() <= una) {
                model.remove(0);
            } else {
                s.start = una;
                s.len -= (int) acked;
            }
        }
    }

    private void sackBlock(Scoreboard sb, AckResult out, AckResult expected, long l, long r) {
        int status = sb.onSackBlock(l, r, out);
        long una = model.isEmpty() ? highData : model.get(0).start;
        if (l >= r || r > highData || !sentAny) {
            assertThat(status).isEqualTo(Scoreboard.SACK_INVALID);
        } else if (r <= una) {
            assertThat(status).isEqualTo(Scoreboard.SACK_DSACK);
            expected.dsack = true;
        } else {
            assertThat(status).isEqualTo(Scoreboard.SACK_APPLIED);
            for (Seg s : model) {
                if (!s.sacked && s.start >= l && s.end() <= r) {
                    s.sacked = true;
                    s.lost = s.rtx = false;
                    expected.newlySackedBytes += s.len;
                }
            }
        }
    }

    private void retransmitSome(Scoreboard sb, Random rnd) {
        long rule1 = sb.nextLostToRetransmit();
        long rule3 = sb.nextUnsackedBelowHighestSacked();
        long seq = rule1 >= 0 ? rule1 : rule3;
        if (seq < 0 && !model.isEmpty()) {
            seq = model.get(rnd.nextInt(model.size())).start;  // e.g. a rescue or a probe
        }
        if (seq >= 0) {
            sb.onRetransmit(seq, now);
            Seg s = holding(seq);
            s.sendTime = now;
            s.rtx = true;
        }
    }

    /** RFC 6675 §4 IsLost for every not-SACKed segment; returns the bytes newly marked. */
    private long markLostByRescan() {
        long newly = 0;
        for (int i = 0; i < model.size(); i++) {
            Seg s = model.get(i);
            int count = 0;
            long bytes = 0;
            for (int j = i + 1; j < model.size(); j++) {
                if (model.get(j).sacked) {
                    count++;
                    bytes += model.get(j).len;
                }
            }
            if (!s.sacked && !s.lost && (count >= DUP_THRESH || bytes > (long) (DUP_THRESH - 1) * SMSS)) {
                s.lost = true;
                newly += s.len;
            }
        }
        return newly;
    }

    private void assertAgrees(Scoreboard sb) {
        long pipe = 0;
        long sacked = 0;
        long lost = 0;
        long lostSegments = 0;
        long retransmissionsInFlight = 0;
        long highestSacked = -1;
        long oldest = -1;
        long rule1 = -1;
        for (Seg s : model) {
            if (s.sacked) {
                sacked += s.len;
                highestSacked = s.end();
                continue;
            }
            pipe += (s.lost ? 0 : s.len) + (s.rtx ? s.len : 0);
            lost += s.lost ? s.len : 0;
            lostSegments += s.lost ? 1 : 0;
            retransmissionsInFlight += s.rtx ? 1 : 0;
            if ((!s.lost || s.rtx) && (oldest < 0 || s.sendTime < oldest)) { // in flight: time order holds it
                oldest = s.sendTime;
            }
            if (rule1 < 0 && s.lost && !s.rtx) {
                rule1 = s.start;
            }
        }
        long rule3 = -1;
        for (Seg s : model) {
            if (s.end() > highestSacked) {
                break;
            }
            if (!s.sacked && !s.lost && !s.rtx) {
                rule3 = s.start;
                break;
            }
        }
        assertThat(sb.pipe()).as("pipe").isEqualTo(pipe);
        assertThat(sb.sackedBytes()).as("sacked").isEqualTo(sacked);
        assertThat(sb.lostBytes()).as("lost").isEqualTo(lost);
        assertThat(sb.lostSegments()).as("lost segments").isEqualTo(lostSegments);
        assertThat(sb.retransmissionsInFlight()).as("retransmissions in flight").isEqualTo(retransmissionsInFlight);
        assertThat(sb.highestSacked()).as("highest sacked").isEqualTo(highestSacked);
        assertThat(sb.oldestOutstandingSendTime()).as("oldest send time").isEqualTo(oldest);
        assertThat(sb.nextLostToRetransmit()).as("NextSeg rule 1").isEqualTo(rule1);
        assertThat(sb.nextUnsackedBelowHighestSacked()).as("NextSeg rule 3").isEqualTo(rule3);
        assertThat(sb.count()).isEqualTo(model.size());
        for (Seg s : model) {
            assertThat(sb.isLost(s.start)).isEqualTo(s.lost);
            assertThat(sb.isSacked(s.end() - 1)).isEqualTo(s.sacked);
            assertThat(sb.segmentLength(s.start)).isEqualTo(s.len);
        }
    }

    private Seg holding(long seq) {
        for (Seg s : model) {
            if (s.start <= seq && seq < s.end()) {
                return s;
            }
        }
        return null;
    }

    /** A sequence number around the outstanding range, sometimes just outside it. */
    private long aroundOutstanding(Random rnd) {
        long una = model.isEmpty() ? highData : model.get(0).start;
        return una - 150 + (long) (rnd.nextDouble() * (highData - una + 300));
    }
}
