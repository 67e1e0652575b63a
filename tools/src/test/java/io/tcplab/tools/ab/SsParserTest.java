package io.tcplab.tools.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ss -tin} output captured on this machine kind (iproute2 6.1, kernel 6.18). */
class SsParserTest {
    /** A bulk reno sender through the tcplab link at 0.5% loss, from a Java socket (IPv4-mapped addresses). */
    private static final String BRIDGE = """
            State Recv-Q Send-Q      Local Address:Port        Peer Address:PortProcess
            ESTAB 0      760200 [::ffff:10.77.1.1]:38068 [::ffff:10.77.2.1]:5201
            \t reno wscale:10,10 rto:224 rtt:20.699/0.434 mss:1448 pmtu:1500 rcvmss:536 advmss:1448 cwnd:8 \
            ssthresh:7 bytes_sent:4400472 bytes_retrans:24616 bytes_acked:4365721 segs_out:3041 segs_in:1552 \
            data_segs_out:3039 send 4477124bps lastsnd:12 lastrcv:2788 lastack:12 pacing_rate 5372416bps \
            delivery_rate 3969448bps delivered:3016 busy:2788ms unacked:7 retrans:0/17 rcv_space:14480 \
            rcv_ssthresh:64088 notsent:750064 minrtt:20 snd_wnd:928768
            """;

    /** iperf3 on loopback: its control connection (bbr, the host's default) and its reno data connection. */
    private static final String LOOPBACK = """
            State Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess
            ESTAB 0      0          127.0.0.1:39516    127.0.0.1:5299
            \t bbr wscale:10,10 rto:204 rtt:0.027/0.012 ato:40 mss:32768 pmtu:65535 rcvmss:536 advmss:65483 \
            cwnd:13 bytes_sent:206 bytes_acked:207 bytes_received:4 segs_out:7 segs_in:7 data_segs_out:3 \
            data_segs_in:4 bbr:(bw:43690656248bps,mrtt:0.006,pacing_gain:2.88672,cwnd_gain:2.88672) send \
            126217481481bps lastsnd:500 lastrcv:492 lastack:492 pacing_rate 249517099808bps delivery_rate \
            43690666664bps delivered:4 app_limited rcv_space:65495 rcv_ssthresh:65495 minrtt:0.006 snd_wnd:65536
            ESTAB 0      0          127.0.0.1:39530    127.0.0.1:5299
            \t reno wscale:10,10 rto:204 rtt:0.037/0.001 mss:65483 pmtu:65535 rcvmss:536 advmss:65483 cwnd:11 \
            bytes_sent:12320805 bytes_acked:12320806 segs_out:287 segs_in:108 data_segs_out:285 send \
            155743351351bps lastrcv:500 pacing_rate 306312504976bps delivery_rate 174621333328bps delivered:286 \
            rcv_space:65495 rcv_ssthresh:65495 minrtt:0.002 snd_wnd:1114112
            """;

    @Test
    void aSenderThatRetransmitted() {
        List<SsParser.Socket> all = SsParser.parse(BRIDGE);
        assertThat(all).hasSize(1);
        SsParser.Socket s = all.get(0);
        assertThat(s.local()).isEqualTo("[::ffff:10.77.1.1]:38068");
        assertThat(s.localPort()).isEqualTo(38068);
        assertThat(s.peerPort()).isEqualTo(5201);
        assertThat(s.congestionControl()).isEqualTo("reno");
        assertThat(s.mss()).isEqualTo(1448);
        assertThat(s.cwndSegments()).isEqualTo(8);
        assertThat(s.cwndBytes()).isEqualTo(8 * 1448);
        assertThat(s.ssthreshSegments()).isEqualTo(7);
        assertThat(s.rttMillis()).isEqualTo(20.699);
        assertThat(s.rttVarMillis()).isEqualTo(0.434);
        assertThat(s.minRttMillis()).isEqualTo(20.0);
        assertThat(s.bytesSent()).isEqualTo(4400472);
        assertThat(s.bytesAcked()).isEqualTo(4365721);
        assertThat(s.retransmitsTotal()).as("the total after the slash").isEqualTo(17);
        assertThat(s.deliveryRateBps()).isEqualTo(3969448.0);
    }

    @Test
    void twoSocketsWithoutRetransmissionsOrSsthresh() {
        List<SsParser.Socket> all = SsParser.parse(LOOPBACK);
        assertThat(all).extracting(SsParser.Socket::congestionControl).containsExactly("bbr", "reno");
        SsParser.Socket bbr = all.get(0);
        assertThat(bbr.localPort()).isEqualTo(39516);
        assertThat(bbr.cwndSegments()).isEqualTo(13);
        assertThat(bbr.mss()).isEqualTo(32768);
        assertThat(bbr.rttMillis()).isEqualTo(0.027);
        assertThat(bbr.deliveryRateBps()).isEqualTo(43690666664.0);
        SsParser.Socket reno = all.get(1);
        assertThat(reno.ssthreshSegments()).as("not set yet").isEqualTo(-1);
        assertThat(reno.retransmitsTotal()).isZero();
        assertThat(reno.bytesAcked()).isEqualTo(12320806);
    }

    @Test
    void withoutHeaderAndWithoutAlgorithmName() {
        String noHeader = BRIDGE.lines().skip(1).reduce("", (a, b) -> a + b + "\n");
        assertThat(SsParser.parse(noHeader)).hasSize(1);
        SsParser.Socket s = SsParser.info("10.0.0.1:1", "10.0.0.2:2", "ts sack cubic wscale:7,7 cwnd:10 mss:1460");
        assertThat(s.congestionControl()).isEqualTo("cubic");
        assertThat(SsParser.info("a:1", "b:2", "wscale:7,7 cwnd:10").congestionControl()).isEmpty();
        assertThat(SsParser.parse("")).isEmpty();
        assertThat(SsParser.parse("State Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n")).isEmpty();
    }

    @Test
    void ecnNegotiatedIsTheBareEcnFlagOfTheExtendedForm() {
        // ss -teinH in a namespace with tcp_ecn=1 (iproute2 6.1, kernel 6.18), the addresses line then the info line
        String extended = "ESTAB 0      0          10.77.1.1:60670    10.77.2.1:5201  ino:64226 sk:4 "
                + "cgroup:unreachable:1 <->\n"
                + "\t ts sack ecn cubic wscale:10,10 rto:204 rtt:41.2/0.5 mss:1448 cwnd:40 bytes_acked:1001\n";
        SsParser.Socket s = SsParser.parse(extended).get(0);
        assertThat(s.ecn()).isTrue();
        assertThat(s.congestionControl()).isEqualTo("cubic");
        assertThat(s.peerPort()).isEqualTo(5201);
        assertThat(SsParser.info("a:1", "b:2", "ts sack ecnseen cubic cwnd:10 mss:1460").ecn()).isFalse();
        assertThat(SsParser.info("a:1", "b:2", "ts sack cubic cwnd:10 mss:1460").ecn()).isFalse();
    }

    @Test
    void ratesWithUnits() {
        assertThat(SsParser.rate("95.2Mbps")).isCloseTo(95.2e6, within(1e-3));
        assertThat(SsParser.rate("1.5Gbps")).isCloseTo(1.5e9, within(1e-3));
        assertThat(SsParser.rate("800Kbps")).isCloseTo(800e3, within(1e-6));
        assertThat(SsParser.rate("12bps")).isEqualTo(12.0);
        assertThat(SsParser.rate(null)).isZero();
        assertThat(SsParser.rate("x")).isZero();
    }
}
