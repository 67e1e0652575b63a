package io.tcplab.tun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Whether the programs and the library that the real-endpoint commands and their tests use are
 * installed here, each checked once, and if not, which Debian package brings it. The answers
 * read like {@code "tshark not found on the PATH (Debian: tshark)"} so that a skipped test or a
 * refused command says what to install.
 *
 * <p>{@link #here()} looks at this process's PATH and loads libpcap the way pcap4j does; the
 * constructor takes both from the caller, so the lookup itself can be tested. Root, network
 * namespaces and {@code ip} (iproute2) are {@link NamespaceHosts#available()}'s to check.
 */
public final class SystemTools {
    /** A program the tests or commands run, with the Debian package that installs it. */
    public enum Tool {
        PING("ping", "iputils-ping"),
        IPERF3("iperf3", "iperf3"),
        TSHARK("tshark", "tshark"),
        TCPDUMP("tcpdump", "tcpdump"),
        ETHTOOL("ethtool", "ethtool"),
        NFT("nft", "nftables"),
        CHROMIUM("chromium", "chromium"),
        // A single-node Slurm and GNU parallel run --emit-jobs sweeps in the tools tests.
        MUNGED("munged", "munge"),
        SLURMCTLD("slurmctld", "slurm-wlm"),
        SLURMD("slurmd", "slurm-wlm"),
        SBATCH("sbatch", "slurm-wlm"),
        SRUN("srun", "slurm-wlm"),
        SINFO("sinfo", "slurm-wlm"),
        SQUEUE("squeue", "slurm-wlm"),
        SCANCEL("scancel", "slurm-wlm"),
        PARALLEL("parallel", "parallel");

        private final String command;
        private final String debianPackage;

        Tool(String command, String debianPackage) {
            this.command = command;
            this.debianPackage = debianPackage;
        }

        public String command() {
            return command;
        }

        public String debianPackage() {
            return debianPackage;
        }
    }

    /** The Debian package that holds the libpcap that pcap4j loads. */
    public static final String LIBPCAP_PACKAGE = "libpcap0.8";

    private static volatile SystemTools here;

    private final List<Path> path;
    private final Supplier<Optional<String>> libpcapProbe;
    private final Map<Tool, NamespaceHosts.Availability> tools = new ConcurrentHashMap<>();
    private volatile NamespaceHosts.Availability libpcap;

    /**
     * @param path         the directories searched for programs, in order
     * @param libpcapProbe the libpcap version if the library loads, empty if it does not
     */
    public SystemTools(List<Path> path, Supplier<Optional<String>> libpcapProbe) {
        this.path = List.copyOf(path);
        this.libpcapProbe = libpcapProbe;
    }

    /** This machine: this process's PATH (so a test run can hide a program by leaving its directory out) and pcap4j's libpcap. */
    public static SystemTools here() {
        SystemTools s = here;
        if (s == null) {
            s = new SystemTools(processPath(), SystemTools::loadLibpcap);
            here = s;
        }
        return s;
    }

    /** Whether {@code tool} is on the path; checked once per instance. */
    public NamespaceHosts.Availability tool(Tool tool) {
        return tools.computeIfAbsent(tool, this::lookUp);
    }

    /** Whether libpcap loads (pcap4j needs it to write pcap files); checked once per instance. */
    public NamespaceHosts.Availability libpcap() {
        NamespaceHosts.Availability a = libpcap;
        if (a == null) {
            a = libpcapProbe.get()
                    .map(version -> new NamespaceHosts.Availability(true, version))
                    .orElseGet(() -> new NamespaceHosts.Availability(false,
                            "libpcap not found (Debian: " + LIBPCAP_PACKAGE + ")"));
            libpcap = a;
        }
        return a;
    }

    private NamespaceHosts.Availability lookUp(Tool tool) {
        for (Path dir : path) {
            Path candidate = dir.resolve(tool.command());
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return new NamespaceHosts.Availability(true, candidate.toString());
            }
        }
        return new NamespaceHosts.Availability(false,
                tool.command() + " not found on the PATH (Debian: " + tool.debianPackage() + ")");
    }

    private static List<Path> processPath() {
        List<Path> dirs = new ArrayList<>();
        String env = System.getenv("PATH");
        if (env != null) {
            for (String d : env.split(":")) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        return dirs;
    }

    /**
     * Asks pcap4j for libpcap's version: that loads the library exactly as the pcap writer will, so
     * a library pcap4j cannot use counts as missing.
     */
    private static Optional<String> loadLibpcap() {
        try {
            return Optional.of(org.pcap4j.core.Pcaps.libVersion());
        } catch (LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }
}
