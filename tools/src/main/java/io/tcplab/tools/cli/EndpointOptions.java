package io.tcplab.tools.cli;

import io.tcplab.tools.realhost.Endpoint;
import io.tcplab.tools.replay.Recordings;
import io.tcplab.tun.InterfaceAddress;
import io.tcplab.tun.pcap.PcapWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where a real endpoint lives and what it records, shared by {@code serve} and {@code send}: the
 * TUN device, the namespace its kernel side goes into, both addresses, the MTU, and the pcap,
 * trace and report choices.
 */
public final class EndpointOptions {
    static final String DEFAULT_HOST_ADDR = "10.77.0.1/24";
    /** Each direction's buffer when --buffer is not given. */
    static final int DEFAULT_BUFFER = 4 << 20;

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

    @Mixin
    RecordFile record = new RecordFile();

    @Option(names = "--json", description = "Print each connection's report as one JSON object on a line.")
    boolean json;

    @Option(names = "--quiet", description = "Print no reports; failures still print one line on stderr.")
    boolean quiet;

    /**
     * The endpoint these options describe, after the checks that need no device: a bad
     * combination or an unwritable file throws {@link ParameterException} (exit 2), a missing
     * libpcap for --pcap a {@link io.tcplab.tun.TunException}, before any file or device exists.
     */
    Endpoint.Place place(CommandLine cmd) {
        InterfaceAddress host = hostAddr;
        byte[] local = addr != null ? addr.address() : Endpoint.nextAddress(host);
        if (local == null) {
            throw new ParameterException(cmd, "--host-addr " + host + " leaves no address for tcplab; give --addr");
        }
        if (local.length != host.address().length) {
            throw new ParameterException(cmd, "--addr and --host-addr must both be IPv4 or both IPv6");
        }
        if (Arrays.equals(local, host.address())) {
            throw new ParameterException(cmd, "--addr must differ from the --host-addr address " + host.addressText());
        }
        if (pcap != null) {
            PcapWriter.requireLibpcap(); // before any file or device exists, so a refusal leaves nothing behind
        }
        checkWritable(cmd, "--pcap", pcap);
        checkWritable(cmd, "--trace", trace);
        Recordings recordings = record.recordings(cmd, "tcplab " + cmd.getCommandName());
        return new Endpoint.Place(tun, netns, host, local, mtu, offload.on(), pcap, trace, recordings);
    }

    /** A file option that cannot be created (or truncated) is a bad option, found before anything runs. */
    static void checkWritable(CommandLine cmd, String option, Path file) {
        if (file == null) {
            return;
        }
        try (OutputStream ignored = Files.newOutputStream(file)) {
            // created (or truncated): the writer will open it again
        } catch (IOException e) {
            throw new ParameterException(cmd, option + " cannot write '" + file + "' (" + WritableDir.reason(e) + ")");
        }
    }
}
