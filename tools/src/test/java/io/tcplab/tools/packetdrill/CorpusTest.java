package io.tcplab.tools.packetdrill;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole packetdrill corpus, one dynamic test per script: a skip shows as skipped with its
 * reason, an expected failure passes while it fails and turns red once it passes.
 */
class CorpusTest {

    @TestFactory
    Stream<DynamicTest> everyScript() {
        Optional<Path> corpus = Corpus.locate();
        Assumptions.assumeTrue(corpus.isPresent(), "no packetdrill corpus at ../shared/packetdrill from the repository "
                + "root; set -D" + Corpus.PROPERTY + "=DIR to run it");
        return Corpus.scripts(corpus.get().resolve("tcp")).stream()
                .map(script -> DynamicTest.dynamicTest(Corpus.nameOf(script), () -> check(script)));
    }

    private static void check(Path script) {
        String name = Corpus.nameOf(script);
        Result r = PacketdrillRunner.run(script, name);
        Optional<String> expected = ExpectedFailures.reason(name);
        switch (r.status()) {
            case SKIP -> Assumptions.abort(r.reason());
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
