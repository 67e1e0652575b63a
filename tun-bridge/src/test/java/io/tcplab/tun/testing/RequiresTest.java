package io.tcplab.tun.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tun.SystemTools;
import io.tcplab.tun.SystemTools.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The lookup against fake PATH directories, and what a missing tool does in each mode. */
class RequiresTest {

    @Test
    void findsAnExecutableInAnyPathDirectoryAndNamesThePackageOfOneThatIsMissing(@TempDir Path tmp) throws Exception {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        Path tshark = executable(bin.resolve("tshark"));
        Files.createFile(bin.resolve("iperf3")); // present but not executable: not usable
        SystemTools tools = new SystemTools(List.of(empty, bin), Optional::empty);

        assertThat(tools.tool(Tool.TSHARK).ok()).isTrue();
        assertThat(tools.tool(Tool.TSHARK).reason()).isEqualTo(tshark.toString());
        assertThat(tools.tool(Tool.IPERF3).ok()).isFalse();
        assertThat(tools.tool(Tool.IPERF3).reason()).isEqualTo("iperf3 not found on the PATH (Debian: iperf3)");
        assertThat(tools.tool(Tool.PING).reason()).isEqualTo("ping not found on the PATH (Debian: iputils-ping)");
        assertThat(tools.tool(Tool.TCPDUMP).reason()).isEqualTo("tcpdump not found on the PATH (Debian: tcpdump)");
    }

    @Test
    void eachThingIsLookedUpOnce(@TempDir Path tmp) throws Exception {
        AtomicInteger probes = new AtomicInteger();
        SystemTools tools = new SystemTools(List.of(tmp), () -> {
            probes.incrementAndGet();
            return Optional.of("libpcap version 1.10.4");
        });
        assertThat(tools.tool(Tool.PING).ok()).isFalse();
        executable(tmp.resolve("ping"));
        assertThat(tools.tool(Tool.PING).ok()).as("the first answer stands").isFalse();
        assertThat(tools.libpcap().ok()).isTrue();
        assertThat(tools.libpcap().reason()).isEqualTo("libpcap version 1.10.4");
        assertThat(probes).hasValue(1);
    }

    @Test
    void aMissingToolSkipsWithItsPackageUnlessRequired(@TempDir Path tmp) throws Exception {
        executable(tmp.resolve("tshark"));
        SystemTools tools = new SystemTools(List.of(tmp), Optional::empty);
        Requires lenient = new Requires(tools, false);
        Requires strict = new Requires(tools, true);

        lenient.need(Tool.TSHARK, "reading captures");
        strict.need(Tool.TSHARK, "reading captures");

        assertThatThrownBy(() -> lenient.need(Tool.IPERF3, "iperf3 interop"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("iperf3 not found on the PATH (Debian: iperf3); needed for iperf3 interop");
        assertThatThrownBy(() -> strict.need(Tool.IPERF3, "iperf3 interop"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("iperf3 not found on the PATH (Debian: iperf3); needed for iperf3 interop"
                        + " (required here: TCPLAB_REQUIRE_TEST_HOSTS=1)");
    }

    @Test
    void aMissingLibpcapSkipsOrFailsNamingLibpcap08(@TempDir Path tmp) {
        SystemTools none = new SystemTools(List.of(tmp), Optional::empty);
        assertThatThrownBy(() -> new Requires(none, false).needLibpcap("pcap files"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("libpcap not found (Debian: libpcap0.8); needed for pcap files");
        assertThatThrownBy(() -> new Requires(none, true).needLibpcap("pcap files"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("libpcap not found (Debian: libpcap0.8)");

        SystemTools some = new SystemTools(List.of(tmp), () -> Optional.of("libpcap version 1.10.4"));
        new Requires(some, true).needLibpcap("pcap files");
    }

    private static Path executable(Path file) throws Exception {
        Files.writeString(file, "#!/bin/sh\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
