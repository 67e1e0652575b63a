package io.tcplab.tools.cli;

import io.tcplab.tools.experiment.SpikeKind;
import io.tcplab.tools.experiment.Variant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The option values only experiments take; messages in the style of {@link Converters}. */
final class ExperimentConverters {
    private ExperimentConverters() {
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
}
