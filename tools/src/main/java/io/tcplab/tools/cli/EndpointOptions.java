package io.tcplab.tools.cli;

import io.tcplab.tun.InterfaceAddress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a real endpoint lives and what it records, shared by {@code serve} and {@code send}: the
 * TUN device, the namespace its kernel side goes into, both addresses, the MTU, and the pcap,
 * trace and report choices.
 */
public final class EndpointOptions {
    static final String DEFAULT_HOST_ADDR = "10.77.0.1/24";

    @Option(names = "--tun", paramLabel = "NAME", defaultValue = "tcplab%d", converter = Converters.TunName.class,
            description = "TUN device name; %%d lets the kernel number it (default: tcplab%%d).")
    String tun;

    @Option(names = "--netns", paramLabel = "NS",
            description = "Create the TUN device inside this network namespace (from ip netns list), so its kernel "
                    + "side lives there (default: this process's namespace).")
    String netns;

    @Option(names = "--host-addr", paramLabel = "CIDR", defaultValue = DEFAULT_HOST_ADDR,
            converter = Converters.Cidr.class,
            description = "Address and prefix of the kernel's side of the TUN device (default: ${DEFAULT-VALUE}).")
    InterfaceAddress hostAddr;

    @Option(names = "--addr", paramLabel = "IP", converter = Converters.Ip.class,
            description = "tcplab's own address behind the device; outside the --host-addr prefix it gets a host "
                    + "route (default: the address after --host-addr's, e.g. 10.77.0.2).")
    InterfaceAddress addr;

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", converter = Converters.Mtu.class,
            description = "MTU of the TUN device; the MSS follows it (default: ${DEFAULT-VALUE}).")
    int mtu;

    @Option(names = "--offload", paramLabel = "on|off", defaultValue = "on", converter = Converters.OnOff.class,
            description = "TUN offloads: the kernel hands over and takes TCP super-segments of up to 64 KB with a "
                    + "virtio-net header (IFF_VNET_HDR, TUNSETOFFLOAD); where it refuses, plain packets (default: on).")
    Converters.Switch offload;

    @Option(names = "--publish", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Make the endpoint reachable from the network through this host's (or --netns's) own "
                    + "addresses, with nftables rules in a table of tcplab's own, removed on exit: serve: "
                    + "connections to PORT are forwarded to --addr:--port; send: the connection leaves from "
                    + "source port PORT (iperf3: PORT and up) of the outgoing device's address.")
    Integer publish;

    @Option(names = "--pcap", paramLabel = "FILE",
            description = "Write every packet sent and received to FILE (pcap, raw IP, nanosecond timestamps).")
    Path pcap;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write the connection's trace as CSV to FILE (serve: the first connection's), times in "
                    + "seconds from its start.")
    Path trace;

    @Option(names = "--json", description = "Print each connection's report as one JSON object on a line.")
    boolean json;

    @Option(names = "--quiet", description = "Print no reports; failures still print one line on stderr.")
    boolean quiet;
}
