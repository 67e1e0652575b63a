package io.tcplab.tun;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names tcplab gives what it makes in the kernel, chosen so that {@code tcplab cleanup} can
 * tell its own leftovers from everything else: each namespace and firewall table carries the pid
 * of the process that made it, so one whose owner is gone is a leftover of a run killed hard
 * (SIGKILL skips every shutdown hook), and one whose owner lives is left alone. Device names start
 * with {@code tcplab} so that {@code ip link} shows whose they are.
 */
public final class TcplabNames {
    /** Namespaces: {@code tcplab-<owner pid>-<6 hex>-<label>}. */
    public static final String NAMESPACE_PREFIX = "tcplab-";
    /** nftables tables (identifiers take no '-'): {@code tcplab_<owner pid>_<6 hex>}. */
    public static final String TABLE_PREFIX = "tcplab_";
    /** Default TUN device names start with this, e.g. {@code tcplab%d}, {@code tcplab-ka%d}. */
    public static final String DEVICE_PREFIX = "tcplab";

    private static final Pattern NAMESPACE = Pattern.compile("tcplab-([0-9]+)-[0-9a-f]{6}-[a-z0-9]{1,16}");
    private static final Pattern TABLE = Pattern.compile("tcplab_([0-9]+)_[0-9a-f]{6}");

    private TcplabNames() {
    }

    private static long self() {
        return ProcessHandle.current().pid();
    }

    /** A namespace name owned by this process. */
    public static String namespace(String id, String label) {
        return NAMESPACE_PREFIX + self() + "-" + id + "-" + label;
    }

    /** A table name owned by this process. */
    public static String table(String id) {
        return TABLE_PREFIX + self() + "_" + id;
    }

    /** The owner pid in a namespace name of ours; empty for any other name (including older tcplab's). */
    public static OptionalLong namespaceOwner(String name) {
        return owner(NAMESPACE.matcher(name));
    }

    /** The owner pid in a table name of ours; empty for any other name. */
    public static OptionalLong tableOwner(String name) {
        return owner(TABLE.matcher(name));
    }

    private static OptionalLong owner(Matcher m) {
        if (!m.matches() || m.group(1).length() > 18) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(m.group(1)));
    }

    /**
     * Whether the owner still runs. A pid reused by an unrelated process reads as alive, so such a
     * leftover is kept rather than something live removed.
     */
    public static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
