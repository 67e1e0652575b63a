package io.tcplab.tun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a tcplab run killed hard (SIGKILL: no shutdown hook runs) leaves in the kernel, found by
 * the owner pid in the names {@link TcplabNames} gives, and removed by {@code tcplab cleanup}:
 *
 * <ul>
 * <li>namespaces {@code tcplab-<pid>-…} whose owner is gone, with the processes still inside
 * (a process keeps a namespace, and its veth pairs and TUN devices, alive after {@code ip netns
 * del}). The devices go with the namespace: TUN devices are not persistent (the kernel removes one
 * with its last file descriptor) and veth pairs only join tcplab's namespaces, so no device of a
 * killed run outlives its namespace.</li>
 * <li>nftables tables {@code inet tcplab_<pid>_…} whose owner is gone ({@code --publish}), in
 * this namespace and in every named one that stays, with the forwarding setting their comment
 * says to restore.</li>
 * </ul>
 *
 * A namespace named {@code tcplab-…} without an owner pid (made by an older tcplab) is reported as
 * {@link Kind#UNOWNED} and never touched; so is everything of a live owner.
 */
public final class Leftovers {
    private static final Path NETNS_DIR = Path.of("/var/run/netns");

    private Leftovers() {
    }

    /** What a leftover is. */
    public enum Kind { NAMESPACE, TABLE, UNOWNED }

    /**
     * One leftover: a namespace (with the pids inside) or a table in {@code namespace} (null:
     * this process's namespace); {@code owner} is the dead owner's pid (-1 for UNOWNED).
     */
    public record Leftover(Kind kind, String namespace, String name, long owner, List<Long> processes) {
        /** One line: what it is and why it counts as left behind. */
        public String describe() {
            return switch (kind) {
                case NAMESPACE -> "namespace " + name + " (owner pid " + owner + " is gone"
                        + (processes.isEmpty() ? "" : "; processes inside: " + processes) + ")";
                case TABLE -> "nftables table inet " + name + (namespace != null ? " in namespace " + namespace : "")
                        + " (owner pid " + owner + " is gone)";
                case UNOWNED -> "namespace " + name + " has no owner pid in its name (an older tcplab made it);"
                        + " left alone: ip netns del " + name + " once nothing uses it";
            };
        }
    }

    /** Everything left behind, namespaces first (a table inside one goes with it). */
    public static List<Leftover> find() {
        List<Leftover> out = new ArrayList<>();
        List<String> staying = new ArrayList<>();
        for (String ns : namedNamespaces()) {
            OptionalLong owner = TcplabNames.namespaceOwner(ns);
            if (owner.isPresent() && !TcplabNames.alive(owner.getAsLong())) {
                out.add(new Leftover(Kind.NAMESPACE, null, ns, owner.getAsLong(), NamespaceHosts.pidsIn(ns)));
            } else {
                if (owner.isEmpty() && ns.startsWith(TcplabNames.NAMESPACE_PREFIX)) {
                    out.add(new Leftover(Kind.UNOWNED, null, ns, -1, List.of()));
                }
                staying.add(ns);
            }
        }
        if (PublishTable.available().ok()) {
            tablesIn(null, out);
            for (String ns : staying) {
                tablesIn(ns, out);
            }
        }
        return out;
    }

    private static void tablesIn(String namespace, List<Leftover> out) {
        for (String t : PublishTable.tables(namespace)) {
            OptionalLong owner = TcplabNames.tableOwner(t);
            if (owner.isPresent() && !TcplabNames.alive(owner.getAsLong())) {
                out.add(new Leftover(Kind.TABLE, namespace, t, owner.getAsLong(), List.of()));
            }
        }
    }

    /** Removes one leftover (UNOWNED ones are never removed). */
    public static void remove(Leftover l) {
        switch (l.kind()) {
            case NAMESPACE -> {
                awaitExit(NamespaceHosts.killPidsIn(l.name()));
                CommandResult r = Commands.ipQuiet(null, "netns", "del", l.name());
                if (!r.ok() && NamespaceHosts.namespaceExists(l.name())) {
                    throw new TunException("tcplab: cannot remove network namespace " + l.name() + ": "
                            + r.firstErrorLine());
                }
            }
            case TABLE -> PublishTable.remove(l.namespace(), l.name());
            case UNOWNED -> throw new IllegalArgumentException("an unowned namespace is not removed: " + l.name());
        }
    }

    /** Waits (up to 5 s each) for killed processes to go, so that none holds the namespace when it is deleted. */
    private static void awaitExit(List<Long> pids) {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> {
                try {
                    p.onExit().get(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    // still there: ip netns del unmounts it anyway, and the kernel frees it when the process goes
                }
            });
        }
    }

    /** The names {@code ip netns list} shows (the files in /var/run/netns). */
    static List<String> namedNamespaces() {
        List<String> out = new ArrayList<>();
        try (var s = Files.list(NETNS_DIR)) {
            s.map(p -> p.getFileName().toString()).sorted().forEach(out::add);
        } catch (IOException e) {
            // no namespaces at all
        }
        return out;
    }
}
