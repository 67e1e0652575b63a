package io.tcplab.tools.cccheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tcplab cc check --plot DIR}: one readable PNG each for CUBIC and HighSpeed. */
class ShapePlotsTest {
    @Test
    void writesCubicAndHighspeed(@TempDir Path dir) throws Exception {
        List<Path> files = ShapePlots.write(dir.resolve("plots"));
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("cc-cubic-after-loss.png", "cc-highspeed-after-loss.png");
        for (Path png : files) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image).as(png.toString()).isNotNull();
            assertThat(image.getWidth()).isEqualTo(ModelPlot.WIDTH);
            assertThat(png.toFile().length()).as("small enough for docs/img").isLessThan(100_000);
        }
    }
}
