package io.tcplab.tools.ab.suite;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.link.ByteSizes;
import io.tcplab.tools.link.Limit;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.scenario.file.FieldPath;
import io.tcplab.tools.scenario.file.YamlFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a parity-suite file (docs/ab.md#parity-suite) into a {@link Suite}. As with scenario
 * files, every problem is a {@link ScenarioException} of one line naming the file, the field
 * ({@code paths[2].loss}) and what is allowed there.
 */
public final class SuiteParser {
    /** The default matrix: {@code scenarios/ab-suite.yaml}, which the build copies into the jar. */
    public static final String BUILT_IN = "/scenarios/ab-suite.yaml";

    static final String DEFAULT_BYTES = "16MiB";
    static final String DEFAULT_RATE = "100Mbit";
    static final String DEFAULT_RTT = "20ms";
    /** DCTCP reacts to CE marks only (RFC 8257 §3): without ECN on its path there is nothing to compare. */
    static final Set<String> NEED_ECN = Set.of("dctcp");

    private SuiteParser() {
    }

    /** The matrix shipped in the jar. */
    public static Suite builtIn() {
        try (InputStream in = SuiteParser.class.getResourceAsStream(BUILT_IN)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + BUILT_IN + " (tools/pom.xml copies scenarios/ into it)");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "ab-suite.yaml (built in)");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + BUILT_IN, e);
        }
    }

    public static Suite parse(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            return parse(Files.readString(file), name);
        } catch (IOException e) {
            throw new ScenarioException(name + ": cannot read: " + e.getMessage());
        }
    }

    /** YAML text; {@code label} names it in errors. */
    public static Suite parse(String yaml, String label) {
        SuiteFile f = YamlFile.read(yaml, label, SuiteFile.class);
        FieldPath root = FieldPath.root(label);
        if (f == null) {
            throw root.error("the file is empty (a suite needs paths, algorithms and seeds)");
        }
        List<String> algorithms = f.algorithms() == null ? null : algorithms(f.algorithms(), root.field("algorithms"));
        List<SuiteFile.PathEntry> entries = root.field("paths").required(f.paths());
        if (entries.isEmpty()) {
            throw root.field("paths").error("needs at least one path");
        }
        List<SuitePath> paths = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            FieldPath at = root.field("paths").index(i);
            SuitePath p = path(at.required(entries.get(i)), at, algorithms);
            if (!names.add(p.name())) {
                throw at.field("name").error("path name '" + p.name() + "' is used twice");
            }
            paths.add(p);
        }
        return new Suite(label, paths, seeds(f.seeds(), root.field("seeds")));
    }

    private static SuitePath path(SuiteFile.PathEntry e, FieldPath at, List<String> fileAlgorithms) {
        String name = at.field("name").required(e.name());
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw at.field("name").error("bad path name '" + name + "' (allowed: letters, digits, _ . -; it names the plot's file)");
        }
        long bytes = bytes(at.field("bytes"), e.bytes() == null ? DEFAULT_BYTES : e.bytes());
        long rate = at.field("rate").parse(e.rate() == null ? DEFAULT_RATE : e.rate(), Units::parseRateBitsPerSec);
        long rtt = at.field("rtt").parse(e.rtt() == null ? DEFAULT_RTT : e.rtt(), Units::parseDurationNanos);
        Limit queue = e.queue() == null ? null : at.field("queue").parse(e.queue(), Units::parseLimit);
        if (queue != null && queue.value() < 1) {
            throw at.field("queue").error("out of range: " + e.queue() + " (allowed: a queue limit of at least 1, e.g. 256KiB or 100p, or none)");
        }
        double loss = e.loss() == null ? 0 : at.field("loss").parse(e.loss(), Units::parseProbability);
        double reorder = e.reorder() == null ? 0 : at.field("reorder").parse(e.reorder(), Units::parseProbability);
        Limit threshold = e.ecnThreshold() == null ? null : at.field("ecn_threshold").parse(e.ecnThreshold(), Units::parseLimit);
        if (threshold != null && (threshold.equals(Limit.NONE) || threshold.value() < 1)) {
            throw at.field("ecn_threshold").error("out of range: " + e.ecnThreshold()
                    + " (allowed: a queue size of at least 1, e.g. 20p or 45KiB)");
        }
        boolean ecn = e.ecn() != null && e.ecn();
        LinkSchedule schedule = e.at() == null ? new LinkSchedule(List.of()) : at.field("at").parse(e.at(), LinkSchedule::parse);
        List<String> algorithms;
        if (e.algorithms() != null) {
            algorithms = algorithms(e.algorithms(), at.field("algorithms"));
        } else if (fileAlgorithms != null) {
            algorithms = fileAlgorithms;
        } else {
            throw at.field("algorithms").error("missing (required here, or as algorithms at the top of the file)");
        }
        for (int i = 0; i < algorithms.size(); i++) {
            String algorithm = RealPath.algorithmName(algorithms.get(i));
            if (NEED_ECN.contains(algorithm) && !ecn) {
                FieldPath where = e.algorithms() != null ? at.field("algorithms").index(i) : at.field("ecn");
                throw where.error(algorithm + " needs ECN: set ecn: true on this path (and an ecn_threshold to mark at),"
                        + " or list the path's algorithms without it");
            }
        }
        return new SuitePath(name, bytes, rate, rtt, queue, loss, reorder, ecn, threshold, schedule, algorithms);
    }

    private static List<String> algorithms(List<String> given, FieldPath at) {
        if (given.isEmpty()) {
            throw at.error("needs at least one algorithm (allowed: " + String.join(", ", CongestionControls.names()) + ")");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String cc = at.index(i).required(given.get(i));
            try {
                CongestionControls.validate(cc);
            } catch (IllegalArgumentException e) {
                throw at.index(i).error(e.getMessage());
            }
            if (!seen.add(cc)) {
                throw at.index(i).error("'" + cc + "' is listed twice");
            }
        }
        return List.copyOf(given);
    }

    private static List<Long> seeds(List<Long> seeds, FieldPath at) {
        at.required(seeds);
        if (seeds.isEmpty() || seeds.contains(null)) {
            throw at.error("needs at least one seed, all whole numbers");
        }
        if (new HashSet<>(seeds).size() != seeds.size()) {
            throw at.error("a seed is listed twice (each seed is one run of every cell)");
        }
        return seeds;
    }

    private static long bytes(FieldPath at, String text) {
        long n;
        try {
            n = ByteSizes.parse(text);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw at.error("not a size: '" + text + "' (allowed: bytes, or a number with " + ByteSizes.RULE + ")");
        }
        if (n < 1) {
            throw at.error("out of range: " + text + " (allowed: at least 1 byte)");
        }
        return n;
    }
}
