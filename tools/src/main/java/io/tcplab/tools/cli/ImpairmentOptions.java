package io.tcplab.tools.cli;

import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.aqm.AqmSpec;
import io.tcplab.tools.link.aqm.ServedAqm;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The impairments of the data direction and its schedule, shared by {@code transfer}, {@code link}
 * and {@code ab} so the three spell and check them alike.
 */
final class ImpairmentOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(names = "--loss", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
            description = "Random loss on the data direction (default: ${DEFAULT-VALUE}).")
    private double loss;

    @Option(names = "--loss-every", paramLabel = "N", defaultValue = "0", converter = Converters.LossEvery.class,
            description = "Drop every Nth data-direction packet; 0 is off (default: ${DEFAULT-VALUE}).")
    private int lossEvery;

    @Option(names = "--reorder", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
            description = "Probability that a data-direction packet is held back past later ones "
                    + "(default: ${DEFAULT-VALUE}).")
    private double reorder;

    @Option(names = "--dup", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
            description = "Probability that a data-direction packet is duplicated (default: ${DEFAULT-VALUE}).")
    private double duplicate;

    @Option(names = "--corrupt", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
            description = "Probability that a data-direction packet gets one bit flipped (default: ${DEFAULT-VALUE}).")
    private double corrupt;

    @Option(names = "--ecn-threshold", paramLabel = "LIMIT", converter = Converters.Threshold.class,
            description = "Mark CE on ECN-capable data packets that find more than this queued, e.g. 30p "
                    + "(default: no marking).")
    private Limit ecnThreshold;

    @Option(names = "--aqm", paramLabel = "NAME[:KEY=VALUE,...]", converter = Converters.Aqm.class,
            description = "Queue discipline of the data direction: droptail (default), red, codel, fq_codel, pie or "
                    + "dualpi2, with settings, e.g. codel:target=5ms,interval=100ms or pie:ecn=on; see docs/link.md.")
    private AqmSpec aqm = new AqmSpec.DropTail();

    @Option(names = "--at", paramLabel = "KEY=VALUE@TIME", converter = Converters.Schedule.class,
            description = "Change a data-direction link setting at a time after the start, e.g. delay=1s@10s; "
                    + "repeatable or comma-separated. Keys: rate, delay (one-way), jitter, queue, loss, loss-every, "
                    + "reorder, reorder-delay, duplicate, corrupt, ecn; stall=1s@10s holds the link 1 s, keeping order.")
    private List<LinkSchedule> schedules = new ArrayList<>();

    /**
     * Sets the impairments and queue discipline on the data direction's link; an AQM with queues
     * of its own cannot be combined with the step marker, now or by a {@code --at} change.
     */
    LinkParams applyTo(LinkParams forward) {
        if (aqm instanceof ServedAqm served) {
            boolean scheduled = schedules.stream().flatMap(s -> s.changes().stream())
                    .anyMatch(c -> c.key().equals("ecn") || c.key().equals("red"));
            if (ecnThreshold != null || scheduled) {
                throw new ParameterException(mixee.commandLine(), (ecnThreshold != null ? "--ecn-threshold" : "--at ecn=/red=")
                        + " marks the drop-tail queue and cannot be combined with --aqm " + served.name()
                        + " (which marks with ecn=on)");
            }
        }
        return forward.setLossProbability(loss).setLossEvery(lossEvery).setReorderProbability(reorder)
                .setDuplicateProbability(duplicate).setCorruptProbability(corrupt).setEcnThreshold(ecnThreshold)
                .setAqm(aqm);
    }

    /** Every {@code --at} change, in one schedule. */
    LinkSchedule schedule() {
        return merged(schedules);
    }

    /** The loss probability the data direction sees from --loss and --loss-every together, roughly. */
    double lossRate() {
        return Math.max(loss, lossEvery > 0 ? 1.0 / lossEvery : 0);
    }

    static LinkSchedule merged(List<LinkSchedule> schedules) {
        List<LinkSchedule.Change> changes = new ArrayList<>();
        schedules.forEach(s -> changes.addAll(s.changes()));
        return new LinkSchedule(changes);
    }
}
