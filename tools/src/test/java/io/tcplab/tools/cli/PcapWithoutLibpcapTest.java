package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.SystemTools;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a machine without libpcap, {@code --pcap} is refused in one line that names the package,
 * before any device is made (so it needs no root). Where libpcap is installed there is nothing to
 * see here; PcapWriterTest checks the same message with the library lookup faked.
 */
class PcapWithoutLibpcapTest {

    @Test
    void serveAndSendSayWhichPackageBringsLibpcap(@TempDir Path dir) {
        Assumptions.assumeFalse(SystemTools.here().libpcap().ok(), "libpcap is installed here");
        for (String command : new String[] {"serve", "send"}) {
            Cli cli = Cli.run(null, command, "--pcap", dir.resolve(command + ".pcap").toString(), "--time", "1s");
            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(1);
            assertThat(cli.errLines()).as(cli.err())
                    .containsExactly("tcplab " + command + ": libpcap not found (Debian: libpcap0.8)");
            assertThat(dir.resolve(command + ".pcap")).doesNotExist();
        }
    }
}
