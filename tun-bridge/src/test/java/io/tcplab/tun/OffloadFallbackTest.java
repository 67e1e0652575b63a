package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.stack.RandomSource;
import io.tcplab.stack.StackConfig;
import io.tcplab.tun.KernelTransferTest.Digest;
import io.tcplab.tun.testing.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the kernel refuses offloads the device opens plain, says why, and carries traffic; where it
 * agrees, reads and writes carry the virtio-net header. The refusal is provoked by asking
 * TUNSETOFFLOAD for a flag no kernel knows (drivers/net/tun.c answers EINVAL for leftover bits).
 * Runs as root (CI); skips with the reason elsewhere.
 */
class OffloadFallbackTest {
    private NamespaceHosts hosts;
    private NamespaceHosts.Host k;

    @BeforeEach
    void setUp() {
        Requires.testHosts();
        hosts = NamespaceHosts.create();
        k = hosts.addHost("k");
    }

    @AfterEach
    void tearDown() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void thisKernelTakesTheOffloadsAskedFor() {
        try (TunDevice tun = k.tun().name("tl0").offload(true).open()) {
            assertThat(tun.vnetHeader()).isTrue();
            assertThat(tun.offloadRefusal()).isNull();
            assertThat(tun.toString()).contains("offloads");
        }
        try (TunDevice plain = k.tun().name("tl1").open()) {
            assertThat(plain.vnetHeader()).as("offloads are opt-in").isFalse();
            assertThat(plain.offloadRefusal()).isNull();
        }
    }

    @Test
    void aRefusalLeavesAPlainDeviceThatCarriesTraffic(@TempDir Path dir) throws Exception {
        NamespaceHosts.Subnet net = hosts.subnet();
        TunDevice tun = k.tun().name("tl0").offload(true).offloadFlags(0x40000000).address(net.cidr(1)).open();
        assertThat(tun.vnetHeader()).isFalse();
        assertThat(tun.offloadRefusal()).isEqualTo("TUNSETOFFLOAD refused: Invalid argument");
        assertThat(tun.name()).isEqualTo("tl0");

        byte[] data = new byte[1 << 20];
        new SplittableRandom(3).nextBytes(data);
        Path file = dir.resolve("payload");
        Files.write(file, data);
        try (RealTimeDriver driver = RealTimeDriver.start(tun, StackConfig.builder(RandomSource.seeded(3))
                .address(InterfaceAddress.parseAddress(net.address(2))).build())) {
            assertThat(driver.offloads()).isFalse();
            CompletableFuture<Digest> received = new CompletableFuture<>();
            driver.call(() -> driver.stack().listen(5001, null,
                    (c, now) -> new KernelTransferTest.DigestingReader(received)));
            CommandResult sent = k.exec(Duration.ofSeconds(30), "bash", "-c",
                    "exec 3<>/dev/tcp/" + net.address(2) + "/5001 && cat " + file + " >&3");
            assertThat(sent.ok()).as(sent.stderr()).isTrue();
            Digest got = received.get(30, TimeUnit.SECONDS);
            assertThat(got.sha256()).isEqualTo(KernelTransferTest.sha256(data));
            assertThat(driver.readCalls()).as("one read per packet").isEqualTo(driver.packetsIn());
        }
    }
}
