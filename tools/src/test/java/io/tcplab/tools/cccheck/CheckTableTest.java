package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** {@code tcplab cc check}'s rows: the table under its header, or one JSON object per row. */
class CheckTableTest {
    private static final CheckRow ROW = new CheckRow("reno", "halves at loss", 50, 49, 0.1, "cwnd after one loss");

    @Test
    void aTableRowHasItsNumbersVerdictAndCriterion() {
        String[] lines = print(false).split(System.lineSeparator());

        assertThat(lines[0]).startsWith("algorithm  case").endsWith("verdict  note");
        assertThat(lines[1]).isEqualTo(String.format(Locale.ROOT, "%-10s %-30s %10s %10s %+7.1f%% %7s  %s (%s)", "reno",
                "halves at loss", "50.0", "49.0", -2.0, "PASS", "cwnd after one loss", "tol ±10%"));
    }

    @Test
    void aJsonRowIsOneObjectWithoutAHeader() {
        assertThat(print(true)).isEqualTo("{\"algorithm\":\"reno\",\"case\":\"halves at loss\",\"model\":50.0000,"
                + "\"measured\":49.0000,\"error\":-0.0200,\"rule\":\"WITHIN\",\"tolerance\":0.100,\"verdict\":\"PASS\","
                + "\"note\":\"cwnd after one loss\"}" + System.lineSeparator());
    }

    private static String print(boolean json) {
        StringWriter s = new StringWriter();
        new CheckTable(new PrintWriter(s), json).print(ROW);
        return s.toString();
    }
}
