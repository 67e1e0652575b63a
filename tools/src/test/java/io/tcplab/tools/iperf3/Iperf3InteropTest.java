package io.tcplab.tools.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.tun.CommandResult;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.RealTimeDriver;
import io.tcplab.tun.SystemTools;
import io.tcplab.tun.NamespaceHosts;
import io.tcplab.tun.TunDevice;
import io.tcplab.tun.testing.Requires;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stock iperf3 against our endpoint, over a TUN whose kernel side is in a throw-away namespace:
 * {@code iperf3 -c} against {@link Iperf3Server}, and {@link Iperf3Client} against
 * {@code iperf3 -s -1}. Needs root and iperf3 (skips with the reason elsewhere; CI has both).
 */
class Iperf3InteropTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;
    private String kernelAddress;
    private String ourAddress;
    private RealTimeDriver driver;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        Requires.tool(SystemTools.Tool.IPERF3, "iperf3 interop");
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
        NamespaceHosts.Subnet net = hosts.subnet();
        kernelAddress = net.address(1);
        ourAddress = net.address(2);
        String name = "ip3" + HexFormat.of().toHexDigits((byte) ThreadLocalRandom.current().nextInt(256))
                + HexFormat.of().toHexDigits((byte) ThreadLocalRandom.current().nextInt(256));
        TunDevice tun = k.tun().name(name).address(net.cidr(1)).mtu(1500).open();
        driver = RealTimeDriver.start(tun, StackConfig.builder(RandomSource.seeded(11))
                .address(InterfaceAddress.parseAddress(ourAddress)).build());
    }

    @AfterEach
    void tearDown() {
        try {
            if (driver != null) {
                driver.close();
                assertThat(driver.failure()).isNull();
            }
        } finally {
            if (hosts != null) {
                hosts.close();
            }
        }
    }

    /** iperf3 -c in the namespace against our server. */
    @ParameterizedTest(name = "iperf3 -c ... {0}")
    @ValueSource(strings = {"-t 2", "-t 2 -R", "-t 2 -P 2", "-n 4M", "-n 4M -R -P 3"})
    void stockClientAgainstOurServer(String args) throws Exception {
        try (Iperf3Server server = Iperf3Server.start(driver, 5201, Iperf3Server.Options.defaults())) {
            List<String> cmd = new ArrayList<>(List.of("iperf3", "-c", ourAddress, "-J"));
            cmd.addAll(List.of(args.split(" ")));
            CommandResult r = k.exec(Duration.ofSeconds(30), cmd.toArray(String[]::new));
            assertThat(r.exitCode()).as("iperf3 %s exit; stdout %s; stderr %s", args, r.stdout(), r.stderr()).isZero();
            JsonNode j = JSON.readTree(r.stdout());
            assertThat(j.has("error")).as("iperf3 error: %s", j.path("error")).isFalse();
            JsonNode end = j.path("end");
            assertThat(end.path("sum_sent").path("bytes").asLong()).isPositive();
            assertThat(end.path("sum_received").path("bytes").asLong()).isPositive();
            int parallel = args.contains("-P") ? Integer.parseInt(args.replaceAll(".*-P (\\d+).*", "$1")) : 1;
            assertThat(end.path("streams")).hasSize(parallel);
            if (args.contains("-n 4M")) {
                assertThat(end.path("sum_sent").path("bytes").asLong()).isGreaterThanOrEqualTo(4L << 20);
            }

            Iperf3Result ours = server.awaitResult(Duration.ofSeconds(10));
            if (Boolean.getBoolean("tcplab.iperf3.print")) {
                System.out.println("stock client " + args + ": " + r.stdout());
                System.out.println("our server " + args + ": " + ours.toJsonString(true));
            }
            assertThat(ours.error()).isNull();
            assertThat(ours.bytesReceived()).isPositive();
            assertThat(ours.bytesSent()).isPositive();
            assertThat(ours.json().path("start").path("test_start").path("num_streams").asInt()).isEqualTo(parallel);
            assertThat(ours.json().path("start").path("test_start").path("reverse").asInt())
                    .isEqualTo(args.contains("-R") ? 1 : 0);
            assertThat(ours.json().path("intervals").size()).isPositive();
        }
    }

    /** UDP is refused with SERVER_ERROR; the stock client says so and fails, our server reports why. */
    @org.junit.jupiter.api.Test
    void stockClientAskingForUdpIsRefused() throws Exception {
        try (Iperf3Server server = Iperf3Server.start(driver, 5201, Iperf3Server.Options.defaults())) {
            CommandResult r = k.exec(Duration.ofSeconds(20), "iperf3", "-c", ourAddress, "-u", "-t", "1");
            assertThat(r.exitCode()).isNotZero();
            assertThat(r.stdout() + r.stderr()).contains("iperf3: error"); // its words depend on its version's error table
            assertThat(server.awaitResult(Duration.ofSeconds(5)).error()).contains("UDP");
        }
    }

    /** Our client against iperf3 -s -1 in the namespace. */
    @ParameterizedTest(name = "Iperf3Client {0}")
    @ValueSource(strings = {"-t 2", "-t 2 -R", "-t 2 -P 2", "-n 4M", "-n 4M -R"})
    void ourClientAgainstStockServer(String args) throws Exception {
        Process p = k.start("iperf3", "-s", "-1", "-J", "-B", kernelAddress);
        awaitListening(5201);
        Iperf3Params params = Iperf3Params.defaults();
        String[] a = args.split(" ");
        for (int i = 0; i < a.length; i++) {
            switch (a[i]) {
                case "-t" -> params = params.withTime(Integer.parseInt(a[++i]));
                case "-n" -> params = params.withBytes(Long.parseLong(a[++i].replace("M", "")) << 20);
                case "-P" -> params = params.withParallel(Integer.parseInt(a[++i]));
                case "-R" -> params = params.withReverse(true);
                default -> throw new IllegalArgumentException(a[i]);
            }
        }
        Iperf3Result r = Iperf3Client.run(driver, InterfaceAddress.parseAddress(kernelAddress), 5201, params, null,
                Duration.ofSeconds(20));
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("iperf3 -s -1 exits").isTrue();
        String serverOut = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String serverErr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(r.error()).as("our result %s; server said %s %s", r, serverOut, serverErr).isNull();
        assertThat(p.exitValue()).as("iperf3 -s exit; %s %s", serverOut, serverErr).isZero();
        JsonNode s = JSON.readTree(serverOut);
        assertThat(s.has("error")).as("server error: %s", s.path("error")).isFalse();

        JsonNode j = r.json();
        for (String f : List.of("start", "intervals", "end")) {
            assertThat(j.has(f)).as(f).isTrue();
        }
        JsonNode end = j.path("end");
        for (String sum : List.of("sum_sent", "sum_received")) {
            for (String f : List.of("bytes", "seconds", "bits_per_second")) {
                assertThat(end.path(sum).has(f)).as(sum + "." + f).isTrue();
            }
        }
        assertThat(end.path("sum_sent").has("retransmits")).isTrue();
        assertThat(r.bytesSent()).isPositive();
        assertThat(r.bytesReceived()).isPositive();
        assertThat(end.path("streams")).hasSize(params.parallel());
        if (params.byteLimited() && !params.reverse()) {
            assertThat(r.bytesSent()).isEqualTo(params.bytes()); // we stop at -n exactly
        } else if (params.byteLimited()) {
            assertThat(r.bytesReceived()).isGreaterThanOrEqualTo(params.bytes()); // iperf3 may overshoot by part of a block
        }
        if (Boolean.getBoolean("tcplab.iperf3.print")) {
            System.out.println("ours " + args + ": " + r.toJsonString(true));
            System.out.println("stock server " + args + ": " + serverOut);
        }
        // the stock server saw the same bytes arrive that it reports to us
        assertThat(s.path("end").path("sum_received").path("bytes").asLong() + s.path("end").path("sum_sent").path("bytes").asLong())
                .isPositive();
    }

    private void awaitListening(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            CommandResult r = k.exec("ss", "-Hltn", "sport = :" + port);
            if (r.ok() && !r.stdout().isBlank()) {
                return;
            }
            Thread.sleep(50);
        }
        fail("iperf3 -s did not listen on " + port + " within 10 s");
    }
}
