package io.tcplab.tools.packetdrill;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script's backtick block of shell commands, read for the host settings it makes: sysctls
 * ({@code sysctl -q k=v ...}, packetdrill's {@code set_sysctls.py /proc/sys/...=v ...}), CUBIC's
 * {@code hystart_detect}, a flush of the TCP metrics (where Linux keeps Fast Open cookies), and a
 * few commands that change nothing tcplab models. {@code a || b} runs {@code b} when {@code a} is
 * a sysctl of settings upstream Linux does not have (it fails there). Any other command makes the
 * script unrunnable, named in {@link #refusal()}.
 */
final class ShellBlock {
    private static final Pattern DEFAULTS = Pattern.compile("(\\.\\./)*common/defaults\\.sh");
    private static final Pattern SET_SYSCTLS = Pattern.compile("(\\.\\./)*common/set_sysctls\\.py");
    private static final Pattern MODULE_PARAM = Pattern.compile(
            "echo\\s+(\\S+)\\s*>\\s*/sys/module/tcp_cubic/parameters/(\\w+)");
    private static final Pattern TO_DEV_NULL = Pattern.compile("\\s*(?:&>|[12]?>)\\s*/dev/null|\\s*2>&1");
    private static final Pattern ARITHMETIC = Pattern.compile("\\$\\(\\(([0-9*+ ]+)\\)\\)");
    /** {@code nstat}, or {@code nstat | grep NAME}: grep succeeds only when nstat printed NAME, i.e. it changed. */
    private static final Pattern NSTAT = Pattern.compile("nstat(?:\\s*\\|\\s*grep\\s+(\\w+))?");
    /** The Linux MIB counters the runner reads from the stack (ScriptRun). */
    static final java.util.Set<String> COUNTERS = java.util.Set.of("TcpExtOutOfWindowIcmps");

    private final Map<String, String> settings = new LinkedHashMap<>();
    private boolean flushesMetrics;
    /** {@code nstat}: the MIB counters' changes are read (and the next read counts from here). */
    private boolean readsCounters;
    /** {@code nstat | grep NAME}: the command succeeds only if counter NAME changed since the last nstat; or null. */
    private String counterThatMustChange;
    private String refusal;

    private ShellBlock() {
    }

    /** Reads {@code body} (the text between the backticks). */
    static ShellBlock parse(String body) {
        ShellBlock b = new ShellBlock();
        String joined = body.replaceAll("\\\\\\s*\\n", " ");
        for (String line : joined.split("\n")) {
            for (String command : ScriptParser.split(line.replaceAll("#.*$", ""), ';')) {
                String cmd = command.strip();
                if (!cmd.isEmpty() && b.refusal == null) {
                    b.command(cmd);
                }
            }
        }
        return b;
    }

    /** The settings made, by full name ({@code net.ipv4.tcp_ecn}), in order; the last value of each. */
    Map<String, String> settings() {
        return settings;
    }

    /** {@code ip tcp_metrics flush}: Linux forgets what it keeps per destination, Fast Open cookies among it. */
    boolean flushesMetrics() {
        return flushesMetrics;
    }

    /** nstat ran: the counters' changes are read from here. */
    boolean readsCounters() {
        return readsCounters;
    }

    /** The Linux MIB counter an {@code nstat | grep NAME} needs to have changed, or null. */
    String counterThatMustChange() {
        return counterThatMustChange;
    }

    /** Nothing here for a block run during the script to do. */
    boolean changesNothing() {
        return settings.isEmpty() && !flushesMetrics && !readsCounters;
    }

    /** Why the block cannot be run here (the first command or setting refused), or null. */
    String refusal() {
        return refusal;
    }

    private void command(String raw) {
        String[] either = raw.split("\\|\\|", -1);
        if (either.length == 2 && failsOnLinux(either[0])) {
            command(either[1].strip());
            return;
        }
        Matcher param = MODULE_PARAM.matcher(raw);
        if (param.matches()) {
            set("tcp_cubic." + param.group(2), param.group(1));
            return;
        }
        String cmd = TO_DEV_NULL.matcher(raw).replaceAll("").strip();
        if (noEffect(cmd) || DEFAULTS.matcher(cmd).matches()) {
            return; // defaults.sh is the host every script starts from (LinuxCompatProfile)
        }
        if (cmd.matches("ip tcp_metrics flush( all)?")) {
            flushesMetrics = true;
            return;
        }
        Matcher nstat = NSTAT.matcher(cmd);
        if (nstat.matches()) {
            if (nstat.group(1) != null && !COUNTERS.contains(nstat.group(1))) {
                refusal = "shell command `" + raw + "` (the runner keeps no counter " + nstat.group(1) + ")";
                return;
            }
            readsCounters = true;
            counterThatMustChange = nstat.group(1);
            return;
        }
        if (ARITHMETIC.matcher(cmd).replaceAll("0").matches(".*[|&<>`$;(){}].*")) {
            refusal = "shell command `" + raw + "`";
            return;
        }
        List<String> words = ScriptParser.split(cmd, ' ').stream().map(String::strip).filter(w -> !w.isEmpty())
                .map(ShellBlock::unquote).toList();
        String verb = words.get(0);
        if (SET_SYSCTLS.matcher(verb).matches() || verb.equals("sysctl")) {
            for (String w : words.subList(1, words.size())) {
                if (verb.equals("sysctl") && w.matches("-[qew]+")) {
                    continue;
                }
                int eq = w.indexOf('=');
                if (eq <= 0) {
                    refusal = "shell command `" + raw + "`";
                    return;
                }
                set(w.substring(0, eq), w.substring(eq + 1));
            }
            return;
        }
        refusal = "shell command `" + raw + "`";
    }

    /**
     * Commands that change nothing here, each for a reason: the restore script only puts the host
     * back after the run; tcplab has no segmentation offload to turn off; pfifo without a limit is
     * the plain FIFO the runner's wire is.
     */
    private static boolean noEffect(String cmd) {
        return cmd.matches("/tmp/sysctl_restore_\\$\\{PPID}\\.sh")
                || cmd.matches("ethtool -K tun0(\\s+[tg]so\\s+off)+")
                || cmd.matches("tc qdisc (add|replace) dev tun0 root pfifo");
    }

    /**
     * A sysctl naming only settings upstream Linux lacks (so it fails there, and {@code ||} runs
     * its other side): Google's kernels' {@code tcp_fastopen_cookies}, which the corpus sets.
     */
    private static boolean failsOnLinux(String command) {
        List<String> words = List.of(TO_DEV_NULL.matcher(command).replaceAll("").strip().split("\\s+"));
        List<String> settings = words.stream().skip(1).filter(w -> !w.matches("-[qew]+")).toList();
        return words.get(0).equals("sysctl") && !settings.isEmpty()
                && settings.stream().allMatch(w -> NOT_IN_LINUX.contains(w.replaceFirst("=.*", "")));
    }

    private static final java.util.Set<String> NOT_IN_LINUX = java.util.Set.of("net.ipv4.tcp_fastopen_cookies");

    private void set(String name, String rawValue) {
        String value = expand(rawValue.strip());
        String why = value == null ? "setting " + name + "=" + rawValue + " (a value the runner cannot read)"
                : LinuxSysctl.check(name, value);
        if (why != null) {
            refusal = why;
            return;
        }
        settings.put(LinuxSysctl.named(name).orElseThrow().key(), value);
    }

    /** {@code $((a*b+c))} to its value, the rest kept; null for other expansions. */
    private static String expand(String value) {
        Matcher m = ARITHMETIC.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            long sum = 0;
            for (String term : m.group(1).split("\\+")) {
                long product = 1;
                for (String factor : term.split("\\*")) {
                    product *= Long.parseLong(factor.strip());
                }
                sum += product;
            }
            m.appendReplacement(out, Long.toString(sum));
        }
        m.appendTail(out);
        return out.indexOf("$") >= 0 ? null : out.toString();
    }

    private static String unquote(String w) {
        return w.replace("\"", "").replace("'", "");
    }
}
