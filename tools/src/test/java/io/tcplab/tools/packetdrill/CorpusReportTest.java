package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.profile.Profiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict and lines of {@code tcplab packetdrill}: known failures under linux, counts, JSON. */
class CorpusReportTest {
    private static final String KNOWN = ExpectedFailures.underLinux().get(0).script();

    @Test
    void aFailureListedUnderLinuxIsExpectedAndSaysWhy() throws Exception {
        CorpusReport report = new CorpusReport(List.of(Result.pass("a.pkt", List.of()), Result.skip("b.pkt", "no v6"),
                Result.fail(KNOWN, 7, "mismatch", "ack 1", null)), Profiles.get(Profiles.LINUX));

        assertThat(report.bad()).isFalse();
        String text = text(report);
        assertThat(text).contains("pass a.pkt", "skip b.pkt: no v6", "fail " + KNOWN + ":7: mismatch | expected: ack 1 "
                + "| actual: none (expected failure: " + ExpectedFailures.underLinux(KNOWN).orElseThrow().reason() + ")");
        assertThat(text).endsWith("3 scripts: 1 pass, 1 fail, 1 skip" + System.lineSeparator());
        assertThat(report.json()).contains("\"pass\" : 1", "\"fail\" : 1", "\"skip\" : 1", "\"rfcChoice\"");
    }

    @Test
    void aListedScriptThatPassesAndAnUnlistedFailureAreBad() {
        assertThat(new CorpusReport(List.of(Result.pass(KNOWN, List.of())), Profiles.get(Profiles.LINUX)).bad()).isTrue();
        assertThat(text(new CorpusReport(List.of(Result.pass(KNOWN, List.of())), Profiles.get(Profiles.LINUX))))
                .contains("(listed as still failing under linux, but it passed)");
        assertThat(new CorpusReport(List.of(Result.fail("x.pkt", 1, "mismatch", null, null)),
                Profiles.get(Profiles.LINUX)).bad()).isTrue();
    }

    private static String text(CorpusReport report) {
        StringWriter s = new StringWriter();
        try (PrintWriter out = new PrintWriter(s)) {
            report.printText(out);
        }
        return s.toString();
    }
}
