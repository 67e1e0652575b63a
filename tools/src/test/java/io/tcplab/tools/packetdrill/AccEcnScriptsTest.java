package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our own Accurate ECN scripts (RFC 9768), in the syntax of Linux's AccECN selftests (flags with
 * {@code A} for AE and a digit for the ACE field, {@code ECN e0b .. ceb .. e1b ..} for the option,
 * {@code [ect0]}/{@code [ce]} for the IP-ECN field): each parses and passes against the stack.
 */
class AccEcnScriptsTest {
    static Stream<String> scripts() {
        return Stream.of("listen_negotiation.pkt", "connect_negotiation.pkt", "fallback_classic.pkt",
                "fallback_none.pkt", "syn_retransmit_fallback.pkt", "ace_wrap_and_option.pkt");
    }

    private static String text(String name) throws IOException {
        try (InputStream in = AccEcnScriptsTest.class.getResourceAsStream("/packetdrill/accecn/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void passes(String name) throws IOException {
        Result r = PacketdrillRunner.run(name, text(name));
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
    }

    /** The ACE digit, the option's fields and the IP-ECN mark are checked, not read past. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "> [noecn] .6 1001:1001(0) ack 1001 | > [noecn] .7 1001:1001(0) ack 1001 | flags",
            "<ECN e0b 1 ceb 1000,nop,nop> | <ECN e0b 1 ceb 999,nop,nop> | options",
            "> [ect0] P.5 1:1001(1000) ack 1 | > [noecn] P.5 1:1001(1000) ack 1 | ECN"})
    void aWrongExpectationFails(String from, String to, String what) throws IOException {
        String text = text("listen_negotiation.pkt");
        assertThat(text).contains(from);
        Result r = PacketdrillRunner.run("mutated.pkt", text.replace(from, to));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.reason()).contains(what);
    }
}
