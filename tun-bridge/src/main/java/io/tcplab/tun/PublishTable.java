package io.tcplab.tun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The nftables table that makes a tcplab endpoint behind a TUN device reachable from the network
 * ({@code serve --publish} / {@code send --publish}): a table {@code inet tcplab_<pid>_<hex>} of
 * its own in the device's namespace, so that removing it removes exactly what was added.
 *
 * <ul>
 * <li>{@link Direction#INBOUND} (serve): a connection to port P on any of the host's own addresses
 * ({@code fib daddr type local}), arriving on another device, is DNATed to tcplab's address and
 * listening port; conntrack maps tcplab's replies back (RFC 4787 / RFC 5382 describe the NAT
 * behaviour; this is nftables' stateful DNAT).</li>
 * <li>{@link Direction#OUTBOUND} (send): what tcplab sends (its address is the TUN device's alone)
 * is masqueraded to the outgoing device's address with source ports P to P+n-1 (P = 0: the ports
 * it chose), so the far side answers the host. The rule names no device, so it can be installed
 * before the device exists and catches the first SYN: conntrack decides NAT on a connection's
 * first packet only.</li>
 * </ul>
 *
 * Both need the namespace to forward between the TUN device and the others; where forwarding is
 * off it is turned on, and the table's comment records the value to put back (read back by
 * {@link #remove}, also by {@code tcplab cleanup} after a kill -9). Another tcplab table's note is
 * inherited, so the last one to go restores the host's setting. Nothing here overrides another
 * table's drop: a host whose forward chain drops needs its own accept rule (docs/cli.md).
 */
public final class PublishTable implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern RESTORE = Pattern.compile("restore (net/[a-z0-9/_]+)=([0-9]+)");
    private static final Pattern COMMENT = Pattern.compile("comment \"([^\"]*)\"");

    /** Which way connections are made through the published endpoint. */
    public enum Direction { INBOUND, OUTBOUND }

    private final String namespace;
    private final String name;
    private boolean closed;

    private PublishTable(String namespace, String name) {
        this.namespace = namespace;
        this.name = name;
    }

    /** Whether {@code nft} is here; if not, the Debian package to install. */
    public static NamespaceHosts.Availability available() {
        return Commands.find("nft") != null ? new NamespaceHosts.Availability(true, "nft")
                : new NamespaceHosts.Availability(false, "nft not found (Debian: nftables)");
    }

    /**
     * Installs the rules for tcplab at {@code tcplab} behind {@code device} in {@code namespace}
     * (null: this process's). INBOUND: host port {@code port} to tcplab's {@code targetPort};
     * OUTBOUND: source ports {@code port} to {@code port + count - 1}, or as they are for 0
     * ({@code device} unused). {@code what} names the
     * command in the table's comment.
     */
    public static PublishTable install(String namespace, String device, InterfaceAddress tcplab, Direction direction,
                                       int port, int targetPort, int count, String what) {
        NamespaceHosts.Availability nft = available();
        if (!nft.ok()) {
            throw new TunException("tcplab: --publish needs " + nft.reason());
        }
        String name = TcplabNames.table(String.format(Locale.ROOT, "%06x", RANDOM.nextInt(1 << 24)));
        boolean v4 = tcplab.isIpv4();
        String key = v4 ? "net/ipv4/ip_forward" : "net/ipv6/conf/all/forwarding";
        Map<String, String> restore = inheritedNotes(namespace);
        String now = readSysctl(namespace, key);
        if (now.equals("0")) {
            restore.put(key, "0");
        }
        StringBuilder comment = new StringBuilder(what + " (pid " + ProcessHandle.current().pid() + ")");
        restore.forEach((k, v) -> comment.append("; restore ").append(k).append('=').append(v));
        String family = v4 ? "ip" : "ip6";
        String addr = v4 ? tcplab.addressText() : "[" + tcplab.addressText() + "]";
        String rule = direction == Direction.INBOUND
                ? String.format(Locale.ROOT, "chain prerouting { type nat hook prerouting priority dstnat; policy accept;%n"
                        + "    iifname != \"%s\" meta nfproto %s fib daddr type local tcp dport %d dnat %s to %s:%d%n  }",
                        device, v4 ? "ipv4" : "ipv6", port, family, addr, targetPort)
                : String.format(Locale.ROOT, "chain postrouting { type nat hook postrouting priority srcnat; policy accept;%n"
                        + "    %s saddr %s meta l4proto tcp masquerade%s%n  }", family, tcplab.addressText(),
                        port > 0 ? String.format(Locale.ROOT, " to :%d-%d", port, port + count - 1) : "");
        String script = String.format(Locale.ROOT, "table inet %s {%n  comment \"%s\"%n  %s%n}%n", name, comment, rule);
        nft(namespace, "cannot install the --publish rules", script);
        PublishTable t = new PublishTable(namespace, name);
        try {
            if (now.equals("0")) {
                writeSysctl(namespace, key, "1");
            }
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        return t;
    }

    /** The table's name, e.g. {@code tcplab_4242_3f9c21}. */
    public String name() {
        return name;
    }

    /** Removes the table, and restores forwarding when it was the last tcplab table to need it. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            remove(namespace, name);
        }
    }

    /** The tcplab tables in {@code namespace} (null: this process's): their names, from {@code nft list tables}. */
    public static List<String> tables(String namespace) {
        CommandResult r = Commands.run(Commands.inNamespace(namespace, nftPath(), "list", "tables"), Commands.DEFAULT_TIMEOUT);
        List<String> out = new ArrayList<>();
        if (r.ok()) {
            for (String line : r.stdout().split("\n")) {
                String[] w = line.strip().split(" ");
                if (w.length == 3 && w[0].equals("table") && w[1].equals("inet") && w[2].startsWith(TcplabNames.TABLE_PREFIX)) {
                    out.add(w[2]);
                }
            }
        }
        return out;
    }

    /**
     * Deletes table {@code inet name} in {@code namespace}, then puts back each setting its comment
     * says to restore that no other tcplab table there still needs.
     */
    public static void remove(String namespace, String name) {
        Map<String, String> restore = notes(namespace, name);
        CommandResult r = Commands.run(Commands.inNamespace(namespace, nftPath(), "delete", "table", "inet", name),
                Commands.DEFAULT_TIMEOUT);
        if (!r.ok() && tables(namespace).contains(name)) {
            throw new TunException("tcplab: cannot delete nftables table inet " + name + where(namespace) + ": "
                    + r.firstErrorLine());
        }
        Map<String, String> stillNeeded = inheritedNotes(namespace);
        restore.forEach((k, v) -> {
            if (!stillNeeded.containsKey(k)) {
                writeSysctl(namespace, k, v);
            }
        });
    }

    private static Map<String, String> inheritedNotes(String namespace) {
        Map<String, String> all = new LinkedHashMap<>();
        for (String t : tables(namespace)) {
            notes(namespace, t).forEach(all::putIfAbsent);
        }
        return all;
    }

    /** The {@code restore KEY=VALUE} notes in a table's comment. */
    private static Map<String, String> notes(String namespace, String table) {
        Map<String, String> out = new LinkedHashMap<>();
        CommandResult r = Commands.run(Commands.inNamespace(namespace, nftPath(), "list", "table", "inet", table),
                Commands.DEFAULT_TIMEOUT);
        if (r.ok()) {
            Matcher c = COMMENT.matcher(r.stdout());
            if (c.find()) {
                Matcher m = RESTORE.matcher(c.group(1));
                while (m.find()) {
                    out.put(m.group(1), m.group(2));
                }
            }
        }
        return out;
    }

    private static void nft(String namespace, String what, String script) {
        Path file = null;
        try {
            file = Files.createTempFile("tcplab-nft", ".nft");
            Files.writeString(file, script, StandardCharsets.UTF_8);
            CommandResult r = Commands.run(Commands.inNamespace(namespace, nftPath(), "-f", file.toString()),
                    Commands.DEFAULT_TIMEOUT);
            if (!r.ok()) {
                throw new TunException("tcplab: " + what + where(namespace) + ": " + r.firstErrorLine());
            }
        } catch (IOException e) {
            throw new TunException("tcplab: " + what + ": cannot write a temporary file: " + e.getMessage(), e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temp file left in /tmp is harmless
                }
            }
        }
    }

    private static String nftPath() {
        String p = Commands.find("nft");
        if (p == null) {
            throw new TunException("tcplab: nft not found (Debian: nftables)");
        }
        return p;
    }

    private static String readSysctl(String namespace, String key) {
        return inNamespace(namespace, () -> Files.readString(Path.of("/proc/sys", key)).strip());
    }

    private static void writeSysctl(String namespace, String key, String value) {
        inNamespace(namespace, () -> Files.writeString(Path.of("/proc/sys", key), value));
    }

    /** /proc/sys/net is the namespace of the thread that opens it, so open it from one inside. */
    private static <T> T inNamespace(String namespace, java.util.concurrent.Callable<T> body) {
        try {
            return namespace == null ? body.call() : NetNs.inside(namespace, body);
        } catch (IOException e) {
            throw new TunException("tcplab: cannot reach /proc/sys" + where(namespace) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new TunException("tcplab: " + e.getMessage(), e);
        }
    }

    private static String where(String namespace) {
        return namespace != null ? " in network namespace " + namespace : "";
    }
}
