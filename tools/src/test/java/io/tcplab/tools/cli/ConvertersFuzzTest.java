package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Fuzzes every value converter of the command line ({@link Converters}' nested classes, sizes
 * through {@link ByteSizes} among them): each returns a value or throws picocli's
 * {@link TypeConversionException}, which picocli turns into one line and exit code 2; anything
 * else escaping is a finding. Replays {@code ConvertersFuzzTestInputs/} in a normal build;
 * {@code JAZZER_FUZZ=1} fuzzes.
 */
class ConvertersFuzzTest {
    private static final List<ITypeConverter<?>> CONVERTERS = converters();

    @FuzzTest(maxDuration = "10s")
    void anyValueConvertsOrFailsWithATypeConversionException(FuzzedDataProvider in) throws Exception {
        ITypeConverter<?> converter = CONVERTERS.get(in.consumeInt(0, CONVERTERS.size() - 1));
        String value = in.consumeRemainingAsString();
        try {
            converter.convert(value);
        } catch (TypeConversionException e) {
            assertThat(e.getMessage()).as(converter.getClass().getSimpleName()).isNotBlank();
            if (value.indexOf('\n') < 0 && value.indexOf('\r') < 0) { // a value with one is quoted back as it is
                assertThat(e.getMessage()).as(converter.getClass().getSimpleName()).doesNotContain("\n");
            }
        }
    }

    /** Every converter class nested in Converters, in name order so that an input always picks the same one. */
    private static List<ITypeConverter<?>> converters() {
        List<ITypeConverter<?>> out = new ArrayList<>();
        List<Class<?>> classes = new ArrayList<>(List.of(Converters.class.getDeclaredClasses()));
        classes.sort(Comparator.comparing(Class::getName));
        for (Class<?> c : classes) {
            if (ITypeConverter.class.isAssignableFrom(c)) {
                try {
                    var ctor = c.getDeclaredConstructor();
                    ctor.setAccessible(true);
                    out.add((ITypeConverter<?>) ctor.newInstance());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(c + " has no no-argument constructor", e);
                }
            }
        }
        return out;
    }
}
