package io.tcplab.tools.cli;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.opentest4j.AssertionFailedError;

/**
 * A page rendered by Debian's {@code chromium} without a display: the screenshot, the DOM after
 * the page's script ran, and what the page wrote to the console (chromium logs every console
 * message, errors and uncaught exceptions included, as a {@code :CONSOLE} line on stderr).
 */
record HeadlessChromium(BufferedImage screenshot, String dom, List<String> console) {
    private static final long TIMEOUT_SECONDS = 120;

    /** Renders {@code page} in a window 1200 x 2000 (as a tall laptop screen), with {@code work} for chromium's files. */
    static HeadlessChromium render(Path page, Path work) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(work, "chromium");
        Path png = dir.resolve("screenshot.png");
        Path dom = dir.resolve("dom.html");
        Path log = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0",
                "--window-size=1200,2000", "--screenshot=" + png, "--dump-dom", page.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionFailedError("chromium did not finish rendering " + page + " in " + TIMEOUT_SECONDS + " s");
        }
        if (p.exitValue() != 0 || !Files.exists(png)) {
            throw new AssertionFailedError("chromium failed on " + page + " (exit " + p.exitValue() + "): "
                    + Files.readString(log));
        }
        return new HeadlessChromium(ImageIO.read(png.toFile()), Files.readString(dom),
                Files.readAllLines(log).stream().filter(l -> l.contains(":CONSOLE")).toList());
    }

    /** The share of the screenshot's pixels that are not white. */
    double inkedShare() {
        long inked = 0;
        for (int y = 0; y < screenshot.getHeight(); y++) {
            for (int x = 0; x < screenshot.getWidth(); x++) {
                if ((screenshot.getRGB(x, y) & 0xffffff) != 0xffffff) {
                    inked++;
                }
            }
        }
        return (double) inked / ((long) screenshot.getWidth() * screenshot.getHeight());
    }

    /** How many distinct colours the screenshot has (a blank or single-colour page has one). */
    long colours() {
        return java.util.stream.IntStream.range(0, screenshot.getHeight()).boxed()
                .flatMapToInt(y -> java.util.stream.IntStream.range(0, screenshot.getWidth())
                        .map(x -> screenshot.getRGB(x, y) & 0xffffff))
                .distinct().count();
    }
}
