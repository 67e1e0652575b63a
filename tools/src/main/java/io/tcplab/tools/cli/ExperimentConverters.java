package io.tcplab.tools.cli;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.recovery.TebParameters;
import io.tcplab.tools.experiment.EcnSetup;
import io.tcplab.tools.experiment.ProtocolLabels;
import io.tcplab.tools.experiment.SpikeDirection;
import io.tcplab.tools.experiment.SpikeKind;
import io.tcplab.tools.experiment.Variant;
import io.tcplab.tools.link.RedParams;
import io.tcplab.tools.link.Units;
import io.tcplab.tools.metrics.ConvergenceCriterion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The option values only experiments take; messages in the style of {@link Converters}. */
final class ExperimentConverters {
    private ExperimentConverters() {
    }

    /** {@code jain:T} or {@code ratio:T}: the convergence criterion of seed 000's table. */
    static final class Convergence implements ITypeConverter<ConvergenceCriterion> {
        @Override
        public ConvergenceCriterion convert(String value) {
            try {
                return ConvergenceCriterion.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * One AQM with queues of its own as {@code --aqm} writes it ({@code dualpi2},
     * {@code fq_codel:target=5ms}, ...): the l4s experiment reads its per-queue sojourn times there.
     */
    static final class ServedAqms implements ITypeConverter<io.tcplab.tools.link.aqm.ServedAqm> {
        @Override
        public io.tcplab.tools.link.aqm.ServedAqm convert(String value) {
            io.tcplab.tools.link.aqm.AqmSpec spec;
            try {
                spec = io.tcplab.tools.link.aqm.AqmSpec.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be NAME[:key=value,...] with NAME one of dualpi2, fq_codel, "
                        + "codel, pie, got '" + value + "' (" + e.getMessage() + ")");
            }
            if (spec instanceof io.tcplab.tools.link.aqm.ServedAqm served) {
                return served;
            }
            throw new TypeConversionException("must be an AQM with queues of its own, dualpi2, fq_codel, codel or pie "
                    + "(the experiment reads their sojourn times), got '" + value + "'");
        }
    }

    /** {@code stall}, {@code delay} or {@code both}: the kinds of delay spike to run. */
    static final class SpikeKinds implements ITypeConverter<List<SpikeKind>> {
        @Override
        public List<SpikeKind> convert(String value) {
            try {
                return value.trim().equalsIgnoreCase("both") ? List.of(SpikeKind.values())
                        : List.of(SpikeKind.byLabel(value));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be stall, delay or both, got '" + value + "'");
            }
        }
    }

    /** {@code data}, {@code ack} or {@code both}: which links a delay spike changes. */
    static final class SpikeDirections implements ITypeConverter<SpikeDirection> {
        @Override
        public SpikeDirection convert(String value) {
            try {
                return SpikeDirection.byLabel(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be data, ack or both, got '" + value + "'");
            }
        }
    }

    /** TEB's parameters as after {@code teb:} in a recovery spec, e.g. {@code k=2,dd=timer}. */
    static final class Teb implements ITypeConverter<TebParameters> {
        @Override
        public TebParameters convert(String value) {
            try {
                return TebParameters.of("teb:" + value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be TEB's parameters like k=2,backoff=2,dd=evidence|timer|off, got '"
                        + value + "' (" + e.getMessage() + ")");
            }
        }
    }

    /** A comma-separated list of delay-spike variants, each once. */
    static final class Variants implements ITypeConverter<List<Variant>> {
        @Override
        public List<Variant> convert(String value) {
            String accepted = "must be a comma-separated list of " + Variant.labels() + ", each at most once, got '"
                    + value + "'";
            List<Variant> variants;
            try {
                variants = Arrays.stream(value.split(",", -1)).map(Variant::byLabel).toList();
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(accepted);
            }
            if (variants.size() != new HashSet<>(variants).size()) {
                throw new TypeConversionException(accepted);
            }
            return variants;
        }
    }

    /** {@code ecn}, {@code non-ecn} or {@code both}: the configurations of seed 001's experiment. */
    static final class EcnConfigurations implements ITypeConverter<List<String>> {
        @Override
        public List<String> convert(String value) {
            String v = value.trim();
            if (v.equals("both")) {
                return EcnSetup.CONFIGURATIONS;
            }
            if (!EcnSetup.CONFIGURATIONS.contains(v)) {
                throw new TypeConversionException("must be ecn, non-ecn or both, got '" + value + "'");
            }
            return List.of(v);
        }
    }

    /** {@code chain} or {@code parking-lot}: seed 001's built-in topologies. */
    static final class EcnTopologies implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String v = value.trim();
            if (!EcnSetup.TOPOLOGIES.contains(v)) {
                throw new TypeConversionException("must be " + String.join(" or ", EcnSetup.TOPOLOGIES) + ", got '" + value + "'");
            }
            return v;
        }
    }

    /** {@code mark} or {@code drop}: RED's treatment of ECN-capable packets at or above max. */
    static final class AboveMax implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            RedParams.AboveMax a = RedParams.AboveMax.parse(value);
            if (a == null) {
                throw new TypeConversionException("must be mark or drop, got '" + value + "'");
            }
            return a.toString();
        }
    }

    /** Comma-separated mark probabilities for RED's max_p, each within (0, 1] and once. */
    static final class MaxPs implements ITypeConverter<List<Double>> {
        @Override
        public List<Double> convert(String value) {
            List<Double> values = new ArrayList<>();
            for (String part : value.split(",", -1)) {
                double p;
                try {
                    p = Double.parseDouble(part.trim());
                } catch (NumberFormatException e) {
                    p = Double.NaN;
                }
                if (!(p > 0 && p <= 1) || values.contains(p)) {
                    throw new TypeConversionException("must be a comma-separated list of probabilities within (0, 1], "
                            + "each once (0.02,0.1,0.5), got '" + value + "'");
                }
                values.add(p);
            }
            return values;
        }
    }

    /** Comma-separated RTTs, each in milliseconds (a plain number) or a duration like 82ms, each once. */
    static final class Rtts implements ITypeConverter<List<Long>> {
        @Override
        public List<Long> convert(String value) {
            List<Long> rtts = new ArrayList<>();
            for (String part : value.split(",", -1)) {
                String text = part.trim();
                String withUnit = !text.isEmpty() && text.chars().allMatch(c -> Character.isDigit(c) || c == '.') ? text + "ms" : text;
                long nanos;
                try {
                    nanos = Units.parseDurationNanos(withUnit);
                } catch (IllegalArgumentException e) {
                    nanos = 0;
                }
                if (nanos <= 0 || rtts.contains(nanos)) {
                    throw new TypeConversionException("must be a comma-separated list of RTTs above 0 in milliseconds "
                            + "(16,42,82) or durations (16ms,0.5s), each once, got '" + value + "'");
                }
                rtts.add(nanos);
            }
            return rtts;
        }
    }

    /** Comma-separated congestion-control algorithms (with parameters if wanted), each once. */
    static final class Protocols implements ITypeConverter<List<String>> {
        @Override
        public List<String> convert(String value) {
            List<String> protocols = Arrays.stream(value.split(",", -1)).map(String::trim)
                    .map(ProtocolLabels::fromLabel).toList();
            for (String p : protocols) {
                try {
                    CongestionControls.validate(p);
                } catch (IllegalArgumentException e) {
                    throw new TypeConversionException("must be a comma-separated list of algorithms from "
                            + String.join(", ", CongestionControls.names()) + " or the seed's column names SACK, "
                            + "HSTCP, STCP, each once, got '" + value + "' ("
                            + e.getMessage() + ")");
                }
            }
            if (protocols.size() != new HashSet<>(protocols).size()) {
                throw new TypeConversionException("must name each algorithm once, got '" + value + "'");
            }
            return protocols;
        }
    }
}
