package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/** What every report page must hold to: its images decode, its links lead to files that exist. */
final class ReportChecks {
    private static final Pattern IMAGE = Pattern.compile("<img src=\"([^\"]*)\"");
    private static final Pattern LINK = Pattern.compile("<a href=\"([^\"]*)\"");
    private static final String PNG_URI = "data:image/png;base64,";
    private static final String SVG_URI = "data:image/svg+xml;base64,";

    private ReportChecks() {
    }

    /** Every image of the page decodes, as a PNG or as an SVG document; returns how many there are. */
    static int imagesDecode(String html) throws Exception {
        Matcher m = IMAGE.matcher(html);
        int count = 0;
        while (m.find()) {
            String uri = m.group(1);
            if (uri.startsWith(SVG_URI)) {
                byte[] svg = Base64.getDecoder().decode(uri.substring(SVG_URI.length()));
                Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                        .parse(new ByteArrayInputStream(svg)).getDocumentElement();
                assertThat(root.getTagName()).as("image %d of the page", count).isEqualTo("svg");
                assertThat(Double.parseDouble(root.getAttribute("width"))).isPositive();
            } else {
                assertThat(uri).startsWith(PNG_URI);
                byte[] png = Base64.getDecoder().decode(uri.substring(PNG_URI.length()));
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
                assertThat(image).as("image %d of the page", count).isNotNull();
                assertThat(image.getWidth()).isPositive();
            }
            count++;
        }
        return count;
    }

    /** Every link of the page, relative to {@code page}'s directory, names a file that exists; returns them. */
    static List<Path> linksExist(Path page, String html) {
        Matcher m = LINK.matcher(html);
        List<Path> targets = new ArrayList<>();
        while (m.find()) {
            Path target = page.getParent().resolve(URLDecoder.decode(m.group(1), StandardCharsets.UTF_8)).normalize();
            assertThat(target).as(m.group(1)).isRegularFile();
            targets.add(target);
        }
        return targets;
    }

    /** The PNG files under {@code dir}. */
    static long pngFiles(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".png")).count();
        }
    }

    /**
     * The page of {@code dir}, checked: every image decodes, there is one for each of the
     * directory's PNG plots (itself or the SVG beside it), every link resolves.
     */
    static String checkedPage(Path dir) throws Exception {
        Path page = dir.resolve("report.html");
        String html = Files.readString(page);
        assertThat(imagesDecode(html)).isEqualTo(pngFiles(dir)).isPositive();
        linksExist(page, html);
        return html;
    }
}
