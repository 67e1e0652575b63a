package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tcplab.tun.NamespaceHosts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;

/** What every real run's test checks of its outputs: PNG files that read back, namespaces gone. */
final class RealRunChecks {
    private RealRunChecks() {
    }

    /** A PNG signature and an image ImageIO can read, at least {@code minWidth} wide. */
    static void assertPng(Path png, int minWidth) throws IOException {
        byte[] head = Arrays.copyOf(Files.readAllBytes(png), 8);
        assertThat(head).as(png.toString()).containsExactly(0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a);
        var image = ImageIO.read(png.toFile());
        assertThat(image).as(png.toString()).isNotNull();
        assertThat(image.getWidth()).as(png.toString()).isGreaterThanOrEqualTo(minWidth);
    }

    /** The JSON's {@code namespaces}: two of them, neither left behind. */
    static void assertNamespacesRemoved(JsonNode root) {
        assertThat(root.get("namespaces")).hasSize(2);
        root.get("namespaces").forEach(ns -> assertThat(NamespaceHosts.namespaceExists(ns.asText()))
                .as("%s removed", ns.asText()).isFalse());
    }
}
