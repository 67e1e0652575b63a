package io.tcplab.tools.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The runner against small scripts of our own: the base one passes, and each mutation that makes
 * the stack deviate from it (a wrong window, a missing option, a packet too early or too late,
 * an extra packet) fails on the mutated line.
 */
class RunnerTest {
    private static final String BASE = String.join("\n",
            "`../common/defaults.sh`",
            "0     socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
            "+0    bind(3, ..., ...) = 0",
            "+0    listen(3, 5) = 0",
            "+0.05 < S 0:0(0) win 20000 <mss 1200,sackOK,nop,nop,nop,wscale 6>",
            "+0    > S. 0:0(0) ack 1 <mss 1460,nop,nop,sackOK,nop,wscale 8>",
            "+0.02 < . 1:1(0) ack 1 win 400",
            "+0    accept(3, ..., ...) = 4",
            "+0    write(4, ..., 3600) = 3600",
            "+0    > P. 1:3601(3600) ack 1",
            "+0.02 < . 1:1(0) ack 3601 win 400",
            "+0.1  close(4) = 0",
            "+0    > F. 3601:3601(0) ack 1",
            "+0.02 < F. 1:1(0) ack 3602 win 400",
            "+0    > . 3602:3602(0) ack 2",
            "");

    private static Result run(String text) {
        return PacketdrillRunner.run("own.pkt", text);
    }

    private static String replace(String from, String to) {
        assertThat(BASE).contains(from);
        return BASE.replace(from, to);
    }

    @Test
    void theBaseScriptPasses() {
        assertThat(run(BASE).status()).as(run(BASE).summary()).isEqualTo(Result.Status.PASS);
    }

    @Test
    void aWrongWindowFails() {
        Result r = run(replace("> S. 0:0(0) ack 1 <", "> S. 0:0(0) ack 1 win 1234 <"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(6);
        assertThat(r.reason()).contains("window").contains("instead of 1234");
        assertThat(r.actual()).startsWith("> S. 0:0(0) ack 1 win ");
    }

    @Test
    void aMissingOptionFails() {
        Result r = run(replace("<mss 1460,nop,nop,sackOK,nop,wscale 8>", "<mss 1460,nop,wscale 8>"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(6);
        assertThat(r.reason()).contains("options <mss 1460,sackOK,wscale 8> instead of <mss 1460,wscale 8>");
    }

    @Test
    void aPacketTooEarlyFails() {
        Result r = run(replace("+0    > F. 3601", "+0.05 > F. 3601"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(13);
        assertThat(r.reason()).contains("too early");
    }

    @Test
    void aPacketTooLateFails() {
        // Nagle, as Linux tests it (Minshall's rule, the linux profile's nagle_test): a small write
        // waits while an earlier small segment (the 50 bytes ending the first write) is unacknowledged;
        // the script wants it at once.
        String late = BASE.replace("write(4, ..., 3600) = 3600", "write(4, ..., 3650) = 3650")
                .replace("+0    > P. 1:3601(3600) ack 1\n", String.join("\n",
                        "+0    > P. 1:3651(3650) ack 1",
                        "+0    write(4, ..., 100) = 100",
                        "+0    > P. 3651:3751(100) ack 1",
                        ""));
        Result r = run(late);
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(12);
        assertThat(r.reason()).contains("no packet was sent by");
        String onTime = late.replace("+0    > P. 3651:3751(100) ack 1\n", "")
                .replace("+0.02 < . 1:1(0) ack 3601 win 400", String.join("\n",
                        "+0.02 < . 1:1(0) ack 3651 win 400",
                        "+0    > P. 3651:3751(100) ack 1",
                        "+0.02 < . 1:1(0) ack 3751 win 400"))
                .replace("> F. 3601:3601(0)", "> F. 3751:3751(0)").replace("ack 3602", "ack 3752")
                .replace("> . 3602:3602(0)", "> . 3752:3752(0)");
        Result ok = run(onTime);
        assertThat(ok.status()).as(ok.summary()).isEqualTo(Result.Status.PASS);
    }

    @Test
    void anExtraPacketFails() {
        Result r = run(replace("+0    > P. 1:3601(3600) ack 1\n", ""));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.reason()).contains("sequence 1 instead of 3601");
        assertThat(r.actual()).startsWith("> . 1:1201(1200) ack 1");
    }

    @Test
    void aSuperSegmentMustBeCompleteAtThatInstant() {
        Result r = run(replace("> P. 1:3601(3600) ack 1", "> P. 1:4801(4800) ack 1"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.reason()).contains("length 3600 instead of 4800");
    }

    @Test
    void aBlockingAcceptWaitsForTheHandshake() {
        String text = replace("+0    accept(3, ..., ...) = 4\n", "")
                .replace("+0    listen(3, 5) = 0", "+0    listen(3, 5) = 0\n+0...0.07 accept(3, ..., ...) = 4");
        Result r = run(text);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result early = run(text.replace("+0...0.07 accept", "+0...0.03 accept"));
        assertThat(early.status()).isEqualTo(Result.Status.FAIL);
        assertThat(early.line()).isEqualTo(5);
        assertThat(early.reason()).contains("had not returned by 0.034000");
    }

    @Test
    void aWrongReturnValueFails() {
        Result r = run(replace("write(4, ..., 3600) = 3600", "write(4, ..., 3600) = -1 EPIPE (Broken pipe)"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(9);
        assertThat(r.reason()).contains("write() returned 3600");
    }

    @Test
    void rangesAndWildcardsAccept() {
        Result r = run(replace("+0    > F. 3601:3601(0) ack 1", "+0~+0.01 > F. 3601:3601(0) ack 1")
                .replace("+0    > . 3602:3602(0) ack 2", "* > . 3602:3602(0) ack 2"));
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
    }

    @Test
    void timestampsAreMappedToTheStacksClock() {
        String ts = String.join("\n",
                "0     socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
                "+0    bind(3, ..., ...) = 0",
                "+0    listen(3, 5) = 0",
                "+0    < S 0:0(0) win 20000 <mss 1200,sackOK,TS val 5000 ecr 0>",
                "+0    > S. 0:0(0) ack 1 <mss 1460,sackOK,TS val 7 ecr 5000>",
                "+0.25 < . 1:1(0) ack 1 win 20000 <nop,nop,TS val 5250 ecr 7>",
                "+0    accept(3, ..., ...) = 4",
                "+0.5  write(4, ..., 100) = 100",
                "+0    > P. 1:101(100) ack 1 <nop,nop,TS val 757 ecr 5250>",
                "");
        assertThat(run("--tcp_ts_tick_usecs=1000\n" + ts).status()).isEqualTo(Result.Status.PASS);
        Result wrong = run("--tcp_ts_tick_usecs=1000\n" + ts.replace("TS val 757", "TS val 907"));
        assertThat(wrong.status()).isEqualTo(Result.Status.FAIL);
        assertThat(wrong.reason()).contains("TS val 757 ecr 5250");
        // Without a tick, packetdrill does not check TSval.
        assertThat(run(ts.replace("TS val 757", "TS val 907")).status()).isEqualTo(Result.Status.PASS);
    }

    @Test
    void syntaxErrorsFailTheScriptWithTheirLine() {
        Result r = run(replace("+0    > P. 1:3601(3600) ack 1", "+0    > P. 1:3601 ack 1"));
        assertThat(r.status()).isEqualTo(Result.Status.FAIL);
        assertThat(r.line()).isEqualTo(10);
        assertThat(r.reason()).startsWith("syntax: cannot read packet");
    }

    @Test
    void unsupportedPartsSkipWithTheReason() {
        assertThat(run("`ip link set dev tun0 mtu 1400`\n" + BASE).reason()).contains("shell command `ip link");
        assertThat(run(BASE + "+0 %{ import os }%\n").reason()).contains("line 16: Python statement 'import'");
        assertThat(run("`sysctl -q net.ipv4.tcp_dsack=0`\n" + BASE).reason())
                .contains("setting net.ipv4.tcp_dsack=0 (tcplab always sends D-SACK blocks");
        assertThat(run(BASE + "+0 ioctl(4, SIOCINQ, [0]) = 0\n").reason()).contains("ioctl()");
        assertThat(run(BASE.replace("listen(3, 5) = 0",
                "setsockopt(3, SOL_TCP, TCP_CORK, [1], 4) = 0\n+0 listen(3, 5) = 0")).status())
                .isEqualTo(Result.Status.SKIP);
    }

    /** A shell block's sysctl changes the stack (here: no SACK offered in the SYN-ACK), --sysctl too, the script's last. */
    @Test
    void sysctlsOfTheScriptAndTheRunnerAreApplied() {
        String noSack = replace("<mss 1460,nop,nop,sackOK,nop,wscale 8>", "<mss 1460,nop,wscale 8>");
        assertThat(run(noSack).status()).isEqualTo(Result.Status.FAIL);
        assertThat(run(noSack.replace("`../common/defaults.sh`", "`../common/defaults.sh\nsysctl -q net.ipv4.tcp_sack=0`"))
                .status()).isEqualTo(Result.Status.PASS);
        java.util.Map<String, String> runner = java.util.Map.of("net.ipv4.tcp_sack", "0");
        assertThat(PacketdrillRunner.run("own.pkt", noSack, io.tcplab.stack.profile.Profiles.get("linux"), runner,
                line -> { }).status()).isEqualTo(Result.Status.PASS);
        assertThat(PacketdrillRunner.run("own.pkt", BASE.replace("`../common/defaults.sh`",
                "`../common/set_sysctls.py /proc/sys/net/ipv4/tcp_sack=1`"), io.tcplab.stack.profile.Profiles.get("linux"),
                runner, line -> { }).status()).isEqualTo(Result.Status.PASS);
    }

    /**
     * Blocks read TCP_INFO at their time: three segments of 1200 bytes out after the write; after
     * the ACK of all three (which does not grow cwnd: the flight of 3 never filled half of 10)
     * none, cwnd 10.
     */
    @Test
    void blocksAssertOverTcpInfoAtTheirTime() {
        String code = replace("+0.02 < . 1:1(0) ack 3601 win 400", "+0 %{ assert tcpi_unacked == 3, tcpi_unacked }%\n"
                + "+0.02 < . 1:1(0) ack 3601 win 400\n+0 %{ assert tcpi_snd_cwnd == 10 and tcpi_unacked == 0 }%");
        Result ok = run(code);
        assertThat(ok.status()).as(ok.summary()).isEqualTo(Result.Status.PASS);
        assertThat(ok.unchecked()).isEmpty();
        Result wrong = run(code.replace("tcpi_unacked == 3", "tcpi_unacked == 2"));
        assertThat(wrong.status()).isEqualTo(Result.Status.FAIL);
        assertThat(wrong.line()).isEqualTo(11);
        assertThat(wrong.reason()).isEqualTo("assertion failed: assert tcpi_unacked == 2, tcpi_unacked (tcpi_unacked = 3): 3");
        Result unknown = run(code.replace("tcpi_unacked == 3", "tcpi_reordering == 3"));
        assertThat(unknown.status()).isEqualTo(Result.Status.PASS);
        assertThat(unknown.unchecked()).containsExactly("line 11: tcpi_reordering");
        assertThat(unknown.summary()).endsWith("(not checked, unknown to tcplab: line 11: tcpi_reordering)");
    }

    /**
     * MSG_EOR: 500 bytes leave at once, 500 more end a record and wait (Nagle, one small segment
     * out), and when 1200 follow the record is no longer the tail of the queue: it leaves alone,
     * then a full segment. Without the record end a full segment takes 501:1701 and the last
     * 500 bytes wait.
     */
    @Test
    void sendWithMsgEorEndsARecord() {
        String eor = replace("+0    write(4, ..., 3600) = 3600\n+0    > P. 1:3601(3600) ack 1\n+0.02 < . 1:1(0) ack 3601 win 400",
                String.join("\n", "+0    write(4, ..., 500) = 500", "+0    > P. 1:501(500) ack 1",
                        "+0    send(4, ..., 500, MSG_EOR) = 500", "+0    write(4, ..., 1200) = 1200",
                        "+0    > . 501:1001(500) ack 1", "+0    > P. 1001:2201(1200) ack 1",
                        "+0.02 < . 1:1(0) ack 2201 win 400"))
                .replace("3601:3601", "2201:2201").replace("ack 3602", "ack 2202").replace("3602:3602", "2202:2202");
        Result r = run(eor);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result plain = run(eor.replace("send(4, ..., 500, MSG_EOR)", "write(4, ..., 500)"));
        assertThat(plain.status()).isEqualTo(Result.Status.FAIL);
        assertThat(plain.line()).isEqualTo(13);
    }

    /** ioctl(SIOCINQ) reports the bytes ready to read; getsockopt(SO_ERROR) the pending error, 0 here. */
    @Test
    void ioctlSiocinqAndSoError() {
        String inq = String.join("\n",
                "0     socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
                "+0    bind(3, ..., ...) = 0",
                "+0    listen(3, 5) = 0",
                "+0    < S 0:0(0) win 20000 <mss 1200,sackOK,nop,nop,nop,wscale 6>",
                "+0    > S. 0:0(0) ack 1 <mss 1460,nop,nop,sackOK,nop,wscale 8>",
                "+0.02 < . 1:1(0) ack 1 win 400",
                "+0    accept(3, ..., ...) = 4",
                "+0    getsockopt(4, SOL_SOCKET, SO_ERROR, [0], [4]) = 0",
                "+0    < P. 1:301(300) ack 1 win 400",
                "+0    > . 1:1(0) ack 301",
                "+0    ioctl(4, SIOCINQ, [300]) = 0",
                "+0    read(4, ..., 300) = 300",
                "+0    ioctl(4, SIOCINQ, [0]) = 0",
                "");
        Result r = run(inq);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result wrong = run(inq.replace("SIOCINQ, [300]", "SIOCINQ, [200]"));
        assertThat(wrong.status()).isEqualTo(Result.Status.FAIL);
        assertThat(wrong.reason()).isEqualTo("ioctl(): SIOCINQ is [300]");
    }

    /**
     * An option set on a listener that holds no connection yet applies to the connections it
     * takes (the runner listens again); once one is there, the script skips.
     */
    @Test
    void anOptionOnAnIdleListenerAppliesToItsConnections() {
        String maxseg = replace("+0    listen(3, 5) = 0", "+0    listen(3, 5) = 0\n+0 setsockopt(3, SOL_TCP, TCP_MAXSEG, [1200], 4) = 0")
                .replace("> S. 0:0(0) ack 1 <mss 1460,", "> S. 0:0(0) ack 1 <mss 1200,");
        Result r = run(maxseg);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result late = run(replace("+0.02 < . 1:1(0) ack 1 win 400", "+0 setsockopt(3, SOL_TCP, TCP_MAXSEG, [1200], 4) = 0\n"
                + "+0.02 < . 1:1(0) ack 1 win 400"));
        assertThat(late.status()).isEqualTo(Result.Status.SKIP);
        assertThat(late.reason()).contains("setsockopt TCP_MAXSEG after connect, or on a listener with connections");
    }

    /**
     * A shell block run at a time during the script sets the host for the sockets made after it:
     * the connection made before keeps SACK. While a socket waits to connect or listen, Linux
     * would read the new value when it does, tcplab not: the script skips.
     */
    @Test
    void aSettingChangedDuringTheScriptHoldsForLaterSockets() {
        Result r = run(replace("+0    accept(3, ..., ...) = 4", "+0    accept(3, ..., ...) = 4\n+0 `sysctl -q net.ipv4.tcp_sack=0`"));
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result waiting = run(replace("+0    bind(3, ..., ...) = 0", "+0    bind(3, ..., ...) = 0\n+0 `sysctl -q net.ipv4.tcp_sack=0`"));
        assertThat(waiting.status()).isEqualTo(Result.Status.SKIP);
        assertThat(waiting.reason()).isEqualTo("setting net.ipv4.tcp_sack changed while a socket waits to connect or"
                + " listen (tcplab fixes a socket's settings when it is made)");
        assertThat(run(replace("+0    accept(3, ..., ...) = 4", "+0    accept(3, ..., ...) = 4\n"
                + "+0 `/tmp/sysctl_restore_${PPID}.sh`")).status()).isEqualTo(Result.Status.PASS);
    }

    private static final String FAST_OPEN_CLIENT = String.join("\n",
            "`../common/defaults.sh",
            " sysctl -q net.ipv4.tcp_timestamps=0`",
            "0    socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
            "+0   fcntl(3, F_SETFL, O_RDWR|O_NONBLOCK) = 0",
            "+0   sendto(3, ..., 0, MSG_FASTOPEN, ..., ...) = -1 EINPROGRESS (Operation now in progress)",
            "+0   > S 0:0(0) <mss 1460,nop,nop,sackOK,nop,wscale 8,FO,nop,nop>",
            "+.01 < S. 123:123(0) ack 1 win 5840 <mss 1000,nop,nop,sackOK,nop,wscale 6,FO abcd1234,nop,nop>",
            "+0   > . 1:1(0) ack 1",
            "+.01 close(3) = 0",
            "+0   > F. 1:1(0) ack 1",
            "+.01 < F. 1:1(0) ack 2 win 92",
            "+0   > . 2:2(0) ack 2",
            "+0   socket(..., SOCK_STREAM, IPPROTO_TCP) = 4",
            "+0   fcntl(4, F_SETFL, O_RDWR|O_NONBLOCK) = 0",
            "+0   sendto(4, ..., 2000, MSG_FASTOPEN, ..., ...) = 960",
            "+0   > S 0:960(960) <mss 1460,nop,nop,sackOK,nop,wscale 8,FO abcd1234,nop,nop>",
            "+.01 < S. 5000:5000(0) ack 961 win 5840 <mss 1000,nop,nop,sackOK,nop,wscale 6>",
            "+0   > . 961:961(0) ack 1",
            "+0   %{ assert (tcpi_options & TCPI_OPT_SYN_DATA) != 0, tcpi_options }%",
            "");

    /**
     * A Fast Open client (RFC 7413): the first connection asks for a cookie (FO) and gets one with
     * the server's MSS 1000; the second's sendto carries 1000 - 40 bytes in its SYN with the cookie,
     * all acknowledged. The old connection's packets do not disturb the new one's lines. Without
     * tcp_fastopen's client bit, MSG_FASTOPEN is EOPNOTSUPP; a wrong cookie fails its line.
     */
    @Test
    void aFastOpenClientAsksForACookieThenSendsDataInItsSyn() {
        Result r = run(FAST_OPEN_CLIENT);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        assertThat(r.unchecked()).isEmpty();
        Result off = run(FAST_OPEN_CLIENT.replace("tcp_timestamps=0`", "tcp_timestamps=0 net.ipv4.tcp_fastopen=2`"));
        assertThat(off.status()).isEqualTo(Result.Status.FAIL);
        assertThat(off.line()).isEqualTo(5);
        assertThat(off.reason()).contains("returned -1 EOPNOTSUPP");
        Result wrong = run(FAST_OPEN_CLIENT.replace("wscale 8,FO abcd1234", "wscale 8,FO abcd1235"));
        assertThat(wrong.status()).isEqualTo(Result.Status.FAIL);
        assertThat(wrong.line()).isEqualTo(16);
        assertThat(wrong.reason()).contains("FO abcd1234> instead of").contains("FO abcd1235>");
    }

    /**
     * A listener under defaults.sh's tcp_fastopen (0x400: every listener, its backlog as the queue)
     * takes the data of a SYN with TFO_COOKIE, run_all.py's cookie of the default addresses and
     * key: the SYN-ACK acknowledges the 10 bytes, accept returns at once and they are read.
     */
    @Test
    void aFastOpenListenerTakesTheDataOfASynWithAValidCookie() {
        String script = String.join("\n",
                "`../common/defaults.sh`",
                "0  socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
                "+0 bind(3, ..., ...) = 0",
                "+0 listen(3, 1) = 0",
                "+0 < S 0:10(10) win 32792 <mss 1460,sackOK,nop,nop,FO TFO_COOKIE,nop,nop>",
                "+0 > S. 0:0(0) ack 11 <mss 1460,nop,nop,sackOK>",
                "+0 accept(3, ..., ...) = 4",
                "+0 %{ assert (tcpi_options & TCPI_OPT_SYN_DATA) != 0, tcpi_options }%",
                "+0 read(4, ..., 512) = 10",
                "");
        Result r = run(script);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result invalid = run(script.replace("FO TFO_COOKIE", "FO 0011223344556677"));
        assertThat(invalid.status()).isEqualTo(Result.Status.FAIL);
        assertThat(invalid.line()).isEqualTo(6);
        assertThat(invalid.reason()).contains("ack 1 instead of 11").contains("FO 3021b9d889017eeb");
    }

    /**
     * --local_ip and --remote_ip set the addresses, which the cookie hashes: under Linux's key
     * a0bf63f7-ed803d81-cd641d30-cebc4a90, 10.248.0.2 to 192.168.0.2 gets 00abaaabe8e954c2
     * (fastopen/server/simple1.pkt), in the request's experimental form.
     */
    @Test
    void headerFlagsSetTheAddressesTheCookieHashes() {
        String script = String.join("\n",
                "--local_ip=192.168.0.2",
                "--remote_ip=10.248.0.2",
                "`../common/defaults.sh",
                " sysctl -q net.ipv4.tcp_fastopen_key=a0bf63f7-ed803d81-cd641d30-cebc4a90`",
                "0  socket(..., SOCK_STREAM, IPPROTO_TCP) = 3",
                "+0 bind(3, ..., ...) = 0",
                "+0 listen(3, 1) = 0",
                "+0 < S 7:7(0) win 10000 <mss 1012,FOEXP,sackOK,nop,nop>",
                "+0 > S. 0:0(0) ack 8 <mss 1460,nop,nop,sackOK,FOEXP 00abaaabe8e954c2>",
                "");
        Result r = run(script);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        assertThat(run(script.replace("--remote_ip=10.248.0.2", "--remote_ip=10.248.0.3")).status())
                .isEqualTo(Result.Status.FAIL);
        assertThat(run(script.replace("--remote_ip=10.248.0.2", "--remote_ip=fd::1")).reason())
                .contains("address fd::1 (only IPv4)");
    }

    /**
     * An ICMP error quoting a sequence number outside SND.UNA..SND.NXT is dropped and counted;
     * nstat piped to grep finds Linux's counter of those changed, and fails without the ICMP.
     */
    @Test
    void anOutOfWindowIcmpErrorIsCountedForNstat() {
        String icmp = replace("+0.02 < . 1:1(0) ack 3601 win 400", String.join("\n",
                "+0.02 < . 1:1(0) ack 3601 win 400",
                "+0    `nstat > /dev/null`",
                "+0    < icmp unreachable host_unreachable [9000:10000(1000)]",
                "+0    `nstat | grep TcpExtOutOfWindowIcmps > /dev/null`"));
        Result r = run(icmp);
        assertThat(r.status()).as(r.summary()).isEqualTo(Result.Status.PASS);
        Result none = run(icmp.replace("+0    < icmp unreachable host_unreachable [9000:10000(1000)]\n", ""));
        assertThat(none.status()).isEqualTo(Result.Status.FAIL);
        assertThat(none.reason()).contains("nstat shows no TcpExtOutOfWindowIcmps");
    }
}
