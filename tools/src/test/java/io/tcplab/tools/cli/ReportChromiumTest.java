package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.SystemTools;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of report page and the index, opened in headless Chromium: the screenshot is not
 * blank, nothing reached the console (no script error), and the sorting script ran over every
 * table. Skips without chromium (Debian: chromium), fails under TCPLAB_REQUIRE_TEST_HOSTS=1.
 */
class ReportChromiumTest {
    @Test
    void everyKindOfPageRendersWithoutAConsoleMessage(@TempDir Path dir) throws Exception {
        Requires.tool(SystemTools.Tool.CHROMIUM, "rendering the report pages headless (screenshot and console)");
        Path delaySpike = dir.resolve("delay-spike");
        Path friendliness = dir.resolve("friendliness");
        Path run = dir.resolve("run");
        Path ab = dir.resolve("ab");
        assertThat(Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "delay-spike", "--duration", "4s",
                "--spike-at", "1s", "--spike-duration", "0.5s", "--variants", "sack,teb", "--report",
                delaySpike.toString()).exitCode()).isZero();
        assertThat(Cli.run(TransferCommand.DEFAULT_ENGINE, "experiment", "friendliness", "--scenario",
                FriendlinessCommandTest.smallCell(dir).toString(), "--rtts", "16", "--protocols", "cubic", "--duration",
                "3s", "--runs", "1", "--parallel", "1", "--no-progress", "--report", friendliness.toString()).exitCode())
                .isZero();
        assertThat(Cli.run(TransferCommand.DEFAULT_ENGINE, "run", "../scenarios/two-flow-dumbbell.yaml", "--duration",
                "3s", "--no-progress", "--report", run.toString()).exitCode()).isZero();
        assertThat(ReportCommandTest.ab("--report", ab.toString()).exitCode()).isZero();
        Path index = dir.resolve("index.html");
        assertThat(Cli.run(TransferCommand.DEFAULT_ENGINE, "report", delaySpike.toString(), friendliness.toString(),
                run.toString(), ab.toString(), "--index", index.toString()).exitCode()).isZero();

        for (Path page : List.of(delaySpike.resolve("report.html"), friendliness.resolve("report.html"),
                run.resolve("report.html"), ab.resolve("report.html"), index)) {
            HeadlessChromium shown = HeadlessChromium.render(page, dir);
            assertThat(shown.console()).as("console of %s", page).isEmpty();
            assertThat(shown.inkedShare()).as("share of %s's screenshot not white", page).isGreaterThan(0.02);
            assertThat(shown.colours()).as("colours in %s's screenshot", page).isGreaterThan(16);
            assertThat(shown.dom()).as("%s after its script", page).contains("title=\"sort by ");
        }
    }
}
