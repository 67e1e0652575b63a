package io.tcplab.tools.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.tools.cli.Main;
import io.tcplab.tun.testing.Requires;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tcplab analyze} from the command line: bad input is one line on stderr and exit code 2; good input its reports. */
class AnalyzeCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run analyze(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] argv = new String[args.length + 1];
        argv[0] = "analyze";
        System.arraycopy(args, 0, argv, 1, args.length);
        int code = Main.commandLine(null).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(argv);
        return new Run(code, out.toString(), err.toString());
    }

    private static void oneLine(Run r, String expected) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).hasSize(1).first().asString().startsWith("tcplab analyze: ").contains(expected);
    }

    @Test
    void aMissingFileIsOneLine() {
        oneLine(analyze(dir.resolve("nothing.pcap").toString()), "no such file: " + dir.resolve("nothing.pcap"));
    }

    @Test
    void aFileThatIsNotACaptureIsOneLine() throws IOException {
        Requires.libpcap("reading captures through pcap4j");
        Path text = Files.writeString(dir.resolve("notes.pcap"), "these are not packets\n".repeat(10));
        oneLine(analyze(text.toString()), text + " is not a pcap or pcapng capture");
    }

    @Test
    void anUnsupportedLinkTypeIsOneLineNamingTheSupportedOnes() throws IOException {
        Requires.libpcap("reading captures through pcap4j");
        // LINKTYPE_IEEE802_11 (105), one record
        Path wifi = new HandMadeCapture(105, new byte[4], 1, new byte[4], 2, 0).write(dir.resolve("wifi.pcap"));
        oneLine(analyze(wifi.toString()), "link type 105");
        oneLine(analyze(wifi.toString()), "supported: Ethernet (1), Linux cooked (SLL) (113), Linux cooked v2 (SLL2) "
                + "(276), raw IP (12/14/101), raw IPv4 (228), raw IPv6 (229)");
    }

    @Test
    void badOptionsAreOneLine() throws IOException {
        Path file = AnalyzerTest.transfer(dir.resolve("t.pcap"), HandMadeCapture.LINKTYPE_RAW, false);
        oneLine(analyze(file.toString(), "--from", "soon"), "--from must be a time of 0 or more");
        oneLine(analyze(file.toString(), "--interval", "0"), "--interval must be a duration above 0");
        oneLine(analyze(file.toString(), "--from", "2", "--to", "1"), "--to must not be before --from");
        Requires.libpcap("reading captures through pcap4j");
        oneLine(analyze(file.toString(), "--flow", "2"), "--flow 2: " + file + " has 1 TCP flow");
    }

    @Test
    void theTableTheJsonAndTheFiles() throws IOException {
        Requires.libpcap("reading captures through pcap4j");
        Path file = AnalyzerTest.transfer(dir.resolve("t.pcap"), HandMadeCapture.LINKTYPE_RAW, false);
        Run table = analyze(file.toString(), "--csv", dir.resolve("csv").toString(), "--plot",
                dir.resolve("plot").toString());
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out().lines()).hasSize(3);
        assertThat(table.out()).startsWith(file + ": 16 frames, 15 TCP, 1 skipped (1 not TCP, 0 malformed), 1 flow")
                .contains("10.0.0.1:40000 > 10.0.0.2:5001");
        assertThat(dir.resolve("csv/flow-1-goodput.csv")).exists();
        assertThat(dir.resolve("plot/flow-1-tseq.png")).exists();

        Run json = analyze(file.toString(), "--json", "--from", "0.06", "--to", "85ms");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(json.out());
        assertThat(root.get("skippedNotTcp").asLong()).isEqualTo(1);
        assertThat(root.get("fromSeconds").asDouble()).isEqualTo(0.06);
        JsonNode data = root.get("flows").get(0).get("data");
        assertThat(data.get("retransmissions").asLong()).isEqualTo(1);
        assertThat(data.get("uniqueBytes").asLong()).isEqualTo(3000);
        assertThat(data.get("rttAck").get("samples").asInt()).isEqualTo(1);
        assertThat(data.get("rttAck").get("meanMs").asDouble()).isEqualTo(48.0);
        assertThat(data.has("series")).isFalse();
    }
}
