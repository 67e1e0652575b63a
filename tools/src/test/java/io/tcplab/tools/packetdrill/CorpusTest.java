package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole packetdrill corpus under the {@code linux} profile, one dynamic test per script: a
 * skip shows as skipped with its reason, every script run must pass but those listed as still
 * failing under linux, which must fail at their line (and turn the test red once they pass). The
 * scripts in {@code PORTABLE.txt} are the ones tcplab claims to run: none may skip. Then the RFC
 * choices: each {@link ExpectedFailures} script, run under {@code linux} with its one switch at
 * tcplab's default, must fail at its line.
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

    @TestFactory
    Stream<DynamicTest> everyRfcChoiceFailsItsScript() {
        Path tcp = corpus().resolve("tcp");
        return ExpectedFailures.all().stream().map(e -> DynamicTest.dynamicTest(e.script() + " with " + e.names()
                + " at the RFC choice", () -> {
                    Result r = PacketdrillRunner.run(tcp.resolve(e.script()), e.script(), ExpectedFailures.rfcChoice(e),
                            Map.of(), line -> { });
                    assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.FAIL);
                    assertThat(r.line()).as(r.summary()).isEqualTo(e.line());
                }));
    }

    @Test
    void portableScriptsAndExpectedFailuresExist() {
        Path corpus = corpus();
        List<String> portable = Corpus.portable(corpus);
        assertThat(portable).as("PORTABLE.txt").isNotEmpty().doesNotHaveDuplicates();
        assertThat(portable).allSatisfy(name -> assertThat(corpus.resolve("tcp").resolve(name)).isRegularFile());
        // each expected failure runs under linux (everyScript) and fails with its switch at the RFC choice
        assertThat(ExpectedFailures.all()).allSatisfy(e -> assertThat(corpus.resolve("tcp").resolve(e.script()))
                .isRegularFile());
        assertThat(ExpectedFailures.underLinux()).allSatisfy(u -> assertThat(corpus.resolve("tcp")
                .resolve(u.script())).isRegularFile());
    }

    /**
     * How many scripts pass, fail as listed and skip: the counts docs/packetdrill.md gives (issue
     * 18 asks that at least 120 run). A change in them is real news: update the docs with it.
     */
    @Test
    void theCorpusCountsAreTheDocumentedOnes() {
        Path corpus = corpus();
        java.util.Map<Result.Status, Long> counts = Corpus.scripts(corpus.resolve("tcp")).stream()
                .map(script -> PacketdrillRunner.run(script, Corpus.nameOf(script)).status())
                .collect(java.util.stream.Collectors.groupingBy(s -> s, java.util.stream.Collectors.counting()));
        assertThat(counts).as("pass, fail (listed) and skip counts of docs/packetdrill.md").containsExactlyInAnyOrderEntriesOf(
                Map.of(Result.Status.PASS, 107L, Result.Status.FAIL, 16L, Result.Status.SKIP, 39L));
    }

    /** The host settings the runner starts every script from are those of the corpus's own defaults.sh. */
    @Test
    void theDefaultsShSettingsAreTheFilesOwn() throws java.io.IOException {
        ShellBlock file = ShellBlock.parse(java.nio.file.Files.readString(corpus().resolve("tcp/common/defaults.sh")));
        assertThat(file.refusal()).isNull();
        assertThat(file.settings()).containsExactlyEntriesOf(LinuxCompatProfile.DEFAULTS_SH);
    }

    private static Path corpus() {
        Optional<Path> corpus = Corpus.locate();
        Requires.here().met(new NamespaceHosts.Availability(corpus.isPresent(),
                "no packetdrill corpus at ../shared/packetdrill from the repository root (set -D" + Corpus.PROPERTY
                        + "=DIR)"), "the packetdrill corpus test");
        assertThat(corpus.get().resolve("PORTABLE.txt")).as("the corpus's list of portable scripts").isRegularFile();
        return corpus.get();
    }

    private static void check(Path script, Set<String> portable) {
        String name = Corpus.nameOf(script);
        Result r = PacketdrillRunner.run(script, name);
        switch (r.status()) {
            case SKIP -> {
                if (portable.contains(name)) {
                    fail(name + " is in PORTABLE.txt but was skipped: " + r.reason());
                }
                Assumptions.abort(r.reason());
            }
            case PASS -> {
                if (ExpectedFailures.underLinux(name).isPresent()) {
                    fail(name + " passes but is listed as failing under linux in ExpectedFailures: remove it there "
                            + "and in docs/packetdrill.md");
                }
            }
            case FAIL -> {
                int line = ExpectedFailures.underLinux(name).map(ExpectedFailures.UnderLinux::line).orElse(-1);
                if (line != r.line()) {
                    fail(r.summary());
                }
            }
        }
    }
}
