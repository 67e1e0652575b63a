package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.tcplab.tun.TestHosts;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole packetdrill corpus, one dynamic test per script: a skip shows as skipped with its
 * reason, an expected failure passes while it fails and turns red once it passes. The scripts in
 * {@code PORTABLE.txt} are the ones tcplab claims to run: each must pass or be an expected
 * failure with its reason, never skip.
 *
 * <p>Without the corpus the test skips, except under {@code TCPLAB_REQUIRE_TEST_HOSTS=1} (CI),
 * where running zero scripts would otherwise look like a pass.
 */
class CorpusTest {

    @TestFactory
    Stream<DynamicTest> everyScript() {
        Path corpus = corpus();
        Set<String> portable = Set.copyOf(Corpus.portable(corpus));
        return Corpus.scripts(corpus.resolve("tcp")).stream()
                .map(script -> DynamicTest.dynamicTest(Corpus.nameOf(script), () -> check(script, portable)));
    }

    @Test
    void portableScriptsExistAndEveryExpectedFailureIsOneOfThem() {
        Path corpus = corpus();
        List<String> portable = Corpus.portable(corpus);
        assertThat(portable).as("PORTABLE.txt").isNotEmpty().doesNotHaveDuplicates();
        assertThat(portable).allSatisfy(name -> assertThat(corpus.resolve("tcp").resolve(name)).isRegularFile());
        // an expected failure outside the list would never be run against its reason
        assertThat(portable).containsAll(ExpectedFailures.all().keySet());
    }

    private static Path corpus() {
        Optional<Path> corpus = Corpus.locate();
        Requires.here().met(new TestHosts.Availability(corpus.isPresent(),
                "no packetdrill corpus at ../shared/packetdrill from the repository root (set -D" + Corpus.PROPERTY
                        + "=DIR)"), "the packetdrill corpus test");
        assertThat(corpus.get().resolve("PORTABLE.txt")).as("the corpus's list of portable scripts").isRegularFile();
        return corpus.get();
    }

    private static void check(Path script, Set<String> portable) {
        String name = Corpus.nameOf(script);
        Result r = PacketdrillRunner.run(script, name);
        Optional<String> expected = ExpectedFailures.reason(name);
        switch (r.status()) {
            case SKIP -> {
                if (portable.contains(name)) {
                    fail(name + " is in PORTABLE.txt but was skipped: " + r.reason());
                }
                Assumptions.abort(r.reason());
            }
            case PASS -> {
                if (expected.isPresent()) {
                    fail(name + " passes but is listed in ExpectedFailures (" + expected.get() + "): remove it there "
                            + "and in docs/packetdrill.md");
                }
            }
            case FAIL -> {
                if (expected.isEmpty()) {
                    fail(r.summary());
                }
            }
        }
    }
}
