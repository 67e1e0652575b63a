package io.tcplab.tools.link.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.testing.Requires;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Kernel TCP and ping from namespace {@code left} to namespace {@code right} through a
 * {@link LinkBridge}: TUN A (10.77.1.1/24, kernel side in left) and TUN B (10.77.2.1/24, in right),
 * each routing the other subnet. Runs as root (CI); skips with the reason elsewhere.
 */
class LinkBridgeKernelTest {
    private static final String LEFT = "10.77.1.1";
    private static final String RIGHT = "10.77.2.1";
    private static final Pattern PING = Pattern.compile("^\\[(\\d+\\.\\d+)\\].*icmp_seq=(\\d+).*time=([0-9.]+) ms");

    private NamespaceHosts hosts;
    private NamespaceHosts.Host left;
    private NamespaceHosts.Host right;
    private LinkBridge bridge;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        left = hosts.addHost("left");
        right = hosts.addHost("right");
    }

    @AfterEach
    void tearDown() {
        try {
            if (bridge != null) {
                bridge.close();
                assertThat(bridge.failure()).isNull();
            }
        } finally {
            hosts.close();
        }
    }

    private void start(int mtu, LinkParams forward, LinkParams reverse, LinkSchedule forwardSchedule) {
        String suffix = String.format(Locale.ROOT, "%06x", new SplittableRandom().nextInt(1 << 24));
        BridgeTopology.Devices d = BridgeTopology.open(left.name(), LEFT + "/24", "la" + suffix,
                right.name(), RIGHT + "/24", "lb" + suffix, mtu);
        bridge = LinkBridge.builder(d.a(), d.b()).forward(forward).reverse(reverse).forwardSchedule(forwardSchedule)
                .names("left->right", "right->left").seed(5).start();
    }

    private void start(LinkParams forward, LinkParams reverse) {
        start(1500, forward, reverse, new LinkSchedule(List.of()));
    }

    /** Sends {@code size} random bytes from left to right over kernel TCP; checks SHA-256; returns bits/s. */
    private double transfer(int size) throws Exception {
        byte[] data = new byte[size];
        new SplittableRandom(size).nextBytes(data);
        ServerSocket server = right.inside(() -> new ServerSocket(5201, 1, java.net.InetAddress.getByName(RIGHT)));
        CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> {
            try (server; Socket s = server.accept(); InputStream in = s.getInputStream()) {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                byte[] buf = new byte[1 << 16];
                long total = 0;
                int n;
                while ((n = in.read(buf)) > 0) {
                    md.update(buf, 0, n);
                    total += n;
                }
                return total + ":" + HexFormat.of().formatHex(md.digest());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Socket client = left.inside(() -> {
            Socket s = new Socket();
            s.connect(new InetSocketAddress(RIGHT, 5201), 5000);
            return s;
        });
        long t0 = System.nanoTime();
        try (client; OutputStream out = client.getOutputStream()) {
            for (int off = 0; off < size; off += 1 << 16) {
                out.write(data, off, Math.min(1 << 16, size - off));
            }
        }
        String got = received.get(120, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        String want = size + ":" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        assertThat(got).isEqualTo(want);
        return size * 8.0 / seconds;
    }

    /** Pings right from left; returns (send time relative to now in s, rtt in ms) per reply. */
    private List<double[]> ping(int count, String interval) {
        Requires.tool(SystemTools.Tool.PING, "measuring the round trip through the bridge");
        double startUnix = System.currentTimeMillis() / 1000.0;
        CommandResult r = left.exec(Duration.ofSeconds(60), "ping", "-D", "-n", "-c", Integer.toString(count), "-i",
                interval, "-W", "2", RIGHT);
        List<double[]> out = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            Matcher m = PING.matcher(line.strip());
            if (m.find()) {
                double rttMs = Double.parseDouble(m.group(3));
                out.add(new double[] {Double.parseDouble(m.group(1)) - rttMs / 1000 - startUnix, rttMs});
            }
        }
        return out;
    }

    private static double median(List<double[]> samples) {
        double[] rtts = samples.stream().mapToDouble(s -> s[1]).sorted().toArray();
        assertThat(rtts).isNotEmpty();
        return rtts[rtts.length / 2];
    }

    @Test
    void unimpairedTransferArrivesIntact() throws Exception {
        start(LinkParams.of(), LinkParams.of());
        double bps = transfer(64 << 20);
        System.out.printf(Locale.ROOT, "link bridge, unimpaired, MTU 1500: kernel TCP %.0f Mbit/s (64 MiB, one Java socket)%n",
                bps / 1e6);
        System.out.println(bridge.forward().line());
        System.out.println(bridge.reverse().line());
        DirectionStats f = bridge.forward();
        assertThat(f.lost()).isZero();
        assertThat(f.written()).isEqualTo(f.delivered() - f.inFlight() - f.writeDrops());
        assertThat(f.offeredBytes()).isGreaterThan(64 << 20);
    }

    @Test
    void delayEachWayMakesTheRoundTrip() {
        start(LinkParams.of().setDelayNanos(25_000_000L), LinkParams.of().setDelayNanos(25_000_000L));
        double rtt = median(ping(5, "0.2"));
        System.out.printf(Locale.ROOT, "link bridge, delay=25ms each way: ping RTT median %.2f ms%n", rtt);
        assertThat(rtt).isBetween(49.5, 56.0);
    }

    @Test
    void transferSurvivesOnePercentLoss() throws Exception {
        start(LinkParams.of().setLossProbability(0.01), LinkParams.of());
        double bps = transfer(8 << 20);
        System.out.printf(Locale.ROOT, "link bridge, 1%% loss: kernel TCP %.0f Mbit/s%n", bps / 1e6);
        System.out.println(bridge.forward().line());
        assertThat(bridge.forward().lost()).isGreaterThan(0);
        assertThat(bridge.reverse().lost()).isZero();
    }

    @Test
    void scheduleChangesTheDelayAtItsTimes() {
        start(1500, LinkParams.of().setDelayNanos(10_000_000L), LinkParams.of().setDelayNanos(10_000_000L),
                LinkSchedule.parse("delay=200ms@1s,delay=10ms@2s"));
        long sinceStart = bridge.elapsedNanos();
        List<double[]> samples = ping(60, "0.05");
        double offset = sinceStart / 1e9; // ping's send times, counted from the bridge's start
        List<double[]> before = new ArrayList<>();
        List<double[]> during = new ArrayList<>();
        List<double[]> after = new ArrayList<>();
        for (double[] s : samples) {
            double t = s[0] + offset;
            if (t < 0.9) {
                before.add(s);
            } else if (t > 1.1 && t < 1.9) {
                during.add(s);
            } else if (t > 2.1) {
                after.add(s);
            }
        }
        System.out.printf(Locale.ROOT, "link bridge, delay=200ms@1s,delay=10ms@2s: RTT median before %.1f ms, "
                + "during %.1f ms, after %.1f ms%n", median(before), median(during), median(after));
        assertThat(median(before)).isBetween(19.5, 26.0);
        assertThat(median(during)).isBetween(209.5, 216.0);
        assertThat(median(after)).isBetween(19.5, 26.0);
    }

    @Test
    void codelKeepsTheQueueOfABloatedBufferShortInRealTime() throws Exception {
        // 20 Mbit/s, 1000-packet buffer: a drop-tail queue would reach 600 ms; CoDel keeps it near 5 ms
        LinkParams forward = LinkParams.parse("rate=20Mbit,delay=5ms,queue=1000p")
                .setAqm(io.tcplab.tools.link.aqm.AqmSpec.parse("codel"));
        start(forward, LinkParams.parse("rate=20Mbit,delay=5ms,queue=1000p"));
        transfer(12 << 20);
        DirectionStats f = bridge.forward();
        System.out.println(f.line());
        System.out.println(f.queueLine());
        assertThat(f.link().queue()).startsWith("codel:");
        assertThat(f.link().aqmDropped()).isPositive();
        assertThat(f.link().sojourn().p50Nanos()).isLessThan(30_000_000L);
        assertThat(f.link().maxQueuePackets()).isLessThan(1000);
    }
}
