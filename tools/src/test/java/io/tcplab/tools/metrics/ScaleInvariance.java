package io.tcplab.tools.metrics;

import java.util.List;
import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** For properties of unit-free metrics: multiplying every input by one factor leaves them alone. */
final class ScaleInvariance {
    private ScaleInvariance() {
    }

    static void check(ToDoubleFunction<double[]> metric, List<Double> values, double factor) {
        double[] original = values.stream().mapToDouble(Double::doubleValue).toArray();
        double[] scaled = values.stream().mapToDouble(v -> v * factor).toArray();
        assertThat(metric.applyAsDouble(scaled)).isCloseTo(metric.applyAsDouble(original), within(1e-9));
    }
}
