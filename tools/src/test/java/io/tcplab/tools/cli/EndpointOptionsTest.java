package io.tcplab.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad values for serve and send: one line on stderr naming the option and what it accepts, exit 2, nothing run. */
class EndpointOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "serve --port 70000                      | tcplab serve: --port must be a port from 1 to 65535, got '70000'",
            "send --port 0                           | tcplab send: --port must be a port from 1 to 65535, got '0'",
            "send --bytes abc                        | tcplab send: --bytes must be a size of at least 1 byte",
            "serve --host-addr 10.77.0.300/24        | tcplab serve: --host-addr must be an address with a prefix length like 10.77.0.1/24 or fd00:77::1/64, got '10.77.0.300/24' (octet 300 is out of range 0 to 255)",
            "serve --host-addr 10.77.0.1             | tcplab serve: --host-addr must be an address with a prefix length",
            "send --addr example.com                 | tcplab send: --addr must be a numeric address like 10.77.0.2 or fd00:77::2, got 'example.com'",
            "serve --tun a/b                         | tcplab serve: --tun must be an interface name of 1 to 15 characters",
            "serve --tun abcdefghijklmnop            | tcplab serve: --tun must be an interface name of 1 to 15 characters",
            "serve --mtu 100                         | tcplab serve: --mtu must be an MTU from 576 to 65535 bytes, got '100'",
            "serve --connections 0                   | tcplab serve: --connections must be a whole number of at least 1, got '0'",
            "serve --time -1s                        | tcplab serve: --time must be a duration above 0",
            "send --cc nosuch                        | tcplab send: --cc must be a congestion control like reno or cubic:beta=0.7, got 'nosuch'",
            "serve --buffer 1KiB                     | tcplab serve: --buffer must be a size from 4KiB to 1GiB like 4MiB, got '1KiB'",
            "send --isn -1                           | tcplab send: --isn must be a whole number from 0 to 4294967295, got '-1'",
            "serve --echo --source 1MiB              | tcplab serve: --echo and --source cannot be used together",
            "send --bytes 1MiB --time 1s             | tcplab send: --bytes and --time cannot be used together",
            "send --json --quiet                     | tcplab send: --json and --quiet cannot be used together",
            "serve --host-addr 10.77.0.1/24 --addr 10.77.0.1 | tcplab serve: --addr must differ from the --host-addr address 10.77.0.1",
            "send --host-addr 10.77.0.1/24 --addr fd00::2    | tcplab send: --addr and --host-addr must both be IPv4 or both IPv6",
            "serve --host-addr 10.77.0.1/32          | tcplab serve: --host-addr 10.77.0.1/32 leaves no address for tcplab; give --addr",
            "send --nosuch                           | tcplab send: unknown option '--nosuch'",
            "serve --publish 0                       | tcplab serve: --publish must be a port from 1 to 65535, got '0'",
            "send --publish 65535 --iperf3 10.77.0.1 | tcplab send: --publish must leave 2 source ports below 65536 (one per connection), got 65535",
            "send --offload maybe                    | tcplab send: --offload must be on or off, got 'maybe'",
    })
    void aBadValueIsOneLineAndExit2(String args, String expectedStart) {
        Cli cli = Cli.run(null, args.trim().split("\\s+"));

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.errLines()[0]).startsWith(expectedStart.trim());
        assertThat(cli.out()).isEmpty();
    }
}
