package io.tcplab.tools.packetdrill;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads packetdrill's script language into a {@link Script}: comments, {@code --flag=value}
 * lines, the backtick shell block, Python blocks, and timed events (one per statement; a
 * statement may span lines while brackets are open). What cannot run here becomes a skip reason;
 * what cannot be read is a {@link ScriptSyntaxException} with its line.
 */
final class ScriptParser {
    private static final String NUM = "(?:\\d+\\.?\\d*|\\.\\d+)";
    private static final Pattern TIME = Pattern.compile(
            "^(\\*|\\+?" + NUM + ")(?:\\s*(~|\\.\\.\\.)\\s*(\\+?" + NUM + "))?\\s+(.*)$", Pattern.DOTALL);
    private static final Pattern PACKET = Pattern.compile(
            "^([<>])\\s+(?:\\[([a-z0-9]+)\\]\\s+)?([A-Za-z.0-7]+|-)\\s+(\\d+):(\\d+)\\((\\d+)\\)"
                    + "(?:\\s+ack\\s+(\\d+))?(?:\\s+win\\s+(\\d+))?(?:\\s+urg\\s+(\\d+))?(?:\\s+<(.*)>)?\\s*$", Pattern.DOTALL);
    private static final Pattern SYSCALL = Pattern.compile(
            "^([a-z_][a-z_0-9]*)\\((.*)\\)\\s*=\\s*(-?(?:0x[0-9a-fA-F]+|\\d+))(?:\\s+([A-Z][A-Z0-9_]*))?"
                    + "(?:\\s*\\(.*\\))?\\s*$", Pattern.DOTALL);
    private static final String CODE_MARK = "%PY";
    private static final String SHELL_MARK = "%SH";

    private ScriptParser() {
    }

    static Script parse(String name, String text) throws ScriptSyntaxException {
        return new State(name).run(text);
    }

    private static final class State {
        final String name;
        final List<Event> events = new ArrayList<>();
        final Map<String, String> sysctls = new LinkedHashMap<>();
        final List<PyBlock> blocks = new ArrayList<>();
        /** Shell blocks run at a time during the script, by their {@code %SH<n>} mark. */
        final List<ShellBlock> timedShell = new ArrayList<>();
        long tolerance = Script.DEFAULT_TOLERANCE_MICROS;
        long tsTick;
        byte[] localIp = Script.DEFAULT_LOCAL;
        byte[] remoteIp = Script.DEFAULT_REMOTE;
        String skip;

        State(String name) {
            this.name = name;
        }

        void skip(String reason) {
            if (skip == null) {
                skip = reason;
            }
        }

        Script run(String text) throws ScriptSyntaxException {
            List<String> lines = stripBlocks(text);
            StringBuilder stmt = new StringBuilder();
            int stmtLine = 0;
            int depth = 0;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty()) {
                    continue;
                }
                if (depth == 0 && line.startsWith("--")) {
                    flag(i + 1, line);
                    continue;
                }
                if (depth == 0) {
                    stmt.setLength(0);
                    stmtLine = i + 1;
                } else {
                    stmt.append(' ');
                }
                stmt.append(line);
                depth = depth(stmt, stmtLine);
                if (depth == 0) {
                    Event e = statement(stmtLine, stmt.toString());
                    if (e != null) {
                        events.add(e);
                    }
                }
            }
            if (depth != 0) {
                throw new ScriptSyntaxException(stmtLine, "unclosed bracket");
            }
            return new Script(name, List.copyOf(events), tolerance, tsTick, Collections.unmodifiableMap(sysctls), skip,
                    localIp, remoteIp);
        }

        /**
         * Removes comments; takes out the shell and Python blocks, keeping line numbers: a
         * Python block leaves {@code %PY<n>} where it stood (its statement's body), a shell block
         * run at a time during the script {@code %SH<n>}.
         */
        List<String> stripBlocks(String text) throws ScriptSyntaxException {
            StringBuilder out = new StringBuilder();
            int line = 1;
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (c == '\n') {
                    line++;
                    out.append(c);
                    i++;
                } else if (text.startsWith("//", i)) {
                    while (i < text.length() && text.charAt(i) != '\n') {
                        i++;
                    }
                } else if (text.startsWith("/*", i) || c == '`' || text.startsWith("%{", i)) {
                    String close = c == '`' ? "`" : c == '/' ? "*/" : "}%";
                    int open = c == '`' ? 1 : 2;
                    int endAt = text.indexOf(close, i + open);
                    if (endAt < 0) {
                        throw new ScriptSyntaxException(line, "unclosed " + text.substring(i, i + open));
                    }
                    String body = text.substring(i + open, endAt);
                    boolean timed = !out.substring(out.lastIndexOf("\n") + 1).isBlank();
                    if (c == '`') {
                        shell(line, body, timed);
                        out.append(timed ? " " + SHELL_MARK + (timedShell.size() - 1) + " " : "");
                    } else if (c == '%') {
                        code(line, body);
                        out.append(" " + CODE_MARK).append(blocks.size() - 1).append(' ');
                    }
                    for (char b : body.toCharArray()) {
                        if (b == '\n') {
                            out.append('\n');
                            line++;
                        }
                    }
                    i = endAt + close.length();
                } else {
                    out.append(c);
                    i++;
                }
            }
            return List.of(out.toString().split("\n", -1));
        }

        void code(int line, String body) {
            try {
                blocks.add(new PyBlock(line, PyParser.parse(line, body)));
            } catch (PyParser.Unsupported e) {
                skip("line " + line + ": " + e.getMessage());
                blocks.add(new PyBlock(line, List.of()));
            }
        }

        /** A block before the script's first line sets the host it starts on; one at a time during it is an event. */
        void shell(int line, String body, boolean timed) {
            ShellBlock block = ShellBlock.parse(body);
            if (block.refusal() != null) {
                skip("line " + line + ": " + block.refusal());
            }
            if (timed) {
                timedShell.add(block);
            } else {
                sysctls.putAll(block.settings());
            }
        }

        void flag(int line, String text) throws ScriptSyntaxException {
            String[] kv = text.substring(2).split("=", 2);
            String value = kv.length > 1 ? kv[1].strip() : "";
            try {
                switch (kv[0]) {
                    case "tolerance_usecs" -> tolerance = Long.parseLong(value);
                    case "tcp_ts_tick_usecs" -> tsTick = Long.parseLong(value);
                    // the gso_size packetdrill gives the GRO packets it injects: tcplab takes a packet whole,
                    // as Linux's TCP takes a GRO packet, and only tcpi_rcv_mss would show the size
                    case "mss" -> Long.parseLong(value);
                    case "local_ip" -> localIp = address(line, value);
                    case "remote_ip" -> remoteIp = address(line, value);
                    case "ip_version" -> {
                        if (!value.equals("ipv4")) {
                            skip("line " + line + ": --ip_version=" + value + " (only IPv4)");
                        }
                    }
                    // the runner always maps an inbound TSecr by the offset it learned from our TSval,
                    // which is what this flag asks packetdrill to do for a TSecr it did not see sent
                    case "tcp_ts_ecr_scaled" -> { }
                    default -> skip("line " + line + ": flag --" + kv[0] + " (not supported)");
                }
            } catch (NumberFormatException e) {
                throw new ScriptSyntaxException(line, "bad number in " + text);
            }
        }

        /** An IPv4 address in dotted form; another (IPv6) skips the script. */
        byte[] address(int line, String text) throws ScriptSyntaxException {
            String[] parts = text.split("\\.", -1);
            if (parts.length != 4) {
                skip("line " + line + ": address " + text + " (only IPv4)");
                return Script.DEFAULT_LOCAL;
            }
            byte[] a = new byte[4];
            for (int i = 0; i < 4; i++) {
                int v = Integer.parseInt(parts[i]);
                if (v < 0 || v > 255) {
                    throw new ScriptSyntaxException(line, "bad IPv4 address " + text);
                }
                a[i] = (byte) v;
            }
            return a;
        }

        int depth(CharSequence s, int line) throws ScriptSyntaxException {
            int d = 0;
            boolean quoted = false;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
                    d++;
                } else if (!quoted && (c == ')' || c == ']' || c == '}')) {
                    d--;
                }
            }
            if (d < 0) {
                throw new ScriptSyntaxException(line, "unbalanced brackets");
            }
            return d;
        }

        Event statement(int line, String text) throws ScriptSyntaxException {
            Matcher t = TIME.matcher(text);
            if (!t.matches()) {
                throw new ScriptSyntaxException(line, "expected a time at the start of: " + text);
            }
            Timing timing = timing(line, t.group(1), t.group(2), t.group(3));
            String body = t.group(4).strip();
            if (body.startsWith(SHELL_MARK)) {
                ShellBlock block = timedShell.get(Integer.parseInt(body.substring(SHELL_MARK.length())));
                // a block without settings or a flush changes nothing here
                return block.changesNothing() ? null : new Event(line, timing, null, null, null, block, null, text);
            }
            if (body.startsWith(CODE_MARK)) {
                PyBlock code = blocks.get(Integer.parseInt(body.substring(CODE_MARK.length())));
                return new Event(line, timing, null, null, code, null, null, text);
            }
            if (body.matches("^[<>]\\s+icmp\\b.*")) {
                IcmpSpec icmp = icmp(line, body);
                return icmp == null ? null : new Event(line, timing, null, null, null, null, icmp, text);
            }
            if (body.startsWith("<") || body.startsWith(">")) {
                return new Event(line, timing, packet(line, body), null, null, null, null, text);
            }
            return new Event(line, timing, null, syscall(line, body), null, null, null, text);
        }

        Timing timing(int line, String start, String sep, String end) throws ScriptSyntaxException {
            if (start.equals("*")) {
                if (sep != null) {
                    throw new ScriptSyntaxException(line, "a wildcard time has no range");
                }
                return Timing.any();
            }
            boolean rel = start.startsWith("+");
            long s = micros(line, start);
            if (sep == null) {
                return Timing.at(s, rel);
            }
            // "+a~+b" is relative at both ends; so is "+a...b", whose end counts from the same base.
            boolean endRel = end.startsWith("+") || (rel && sep.equals("..."));
            long e = micros(line, end);
            if (endRel == rel && e < s) {
                throw new ScriptSyntaxException(line, "the range ends before it starts");
            }
            return new Timing(Timing.Kind.RANGE, s, rel, e, endRel);
        }

        PacketSpec packet(int line, String body) throws ScriptSyntaxException {
            Matcher m = PACKET.matcher(body);
            if (!m.matches()) {
                throw new ScriptSyntaxException(line, "cannot read packet: " + body);
            }
            String flags = m.group(3);
            if (!Flags.valid(flags)) {
                throw new ScriptSyntaxException(line, "bad flags '" + flags + "'");
            }
            String ecn = m.group(2);
            if (ecn != null && !List.of("noecn", "ect0", "ect1", "ect01", "ce").contains(ecn)) {
                throw new ScriptSyntaxException(line, "bad ECN mark [" + ecn + "]");
            }
            long start;
            long end;
            int len;
            Long ack;
            Integer win;
            try {
                start = Long.parseLong(m.group(4));
                end = Long.parseLong(m.group(5));
                len = Integer.parseInt(m.group(6));
                ack = m.group(7) == null ? null : Long.parseLong(m.group(7));
                win = m.group(8) == null ? null : Integer.parseInt(m.group(8));
            } catch (NumberFormatException e) {
                throw new ScriptSyntaxException(line, "a number too large in packet: " + body);
            }
            if (end - start != len) {
                throw new ScriptSyntaxException(line, "sequence range " + start + ":" + end + " is not " + len
                        + " bytes long");
            }
            if (m.group(9) != null) {
                skip("line " + line + ": urgent pointer (not supported)");
            }
            List<OptionSpec> options = m.group(10) == null ? null : options(line, m.group(10).strip());
            return new PacketSpec(body.startsWith("<"), ecn, flags, start, end, len, ack, win, options);
        }

        /**
         * {@code FO} (a cookie request) or {@code FO <hex cookie>}, {@code FOEXP} the same in the
         * experimental form; the cookie may be {@code TFO_COOKIE}, which packetdrill's run_all.py
         * defines (-D) as the cookie of the default key and addresses.
         */
        private OptionSpec fastOpen(int line, String[] w) throws ScriptSyntaxException {
            String cookie = w.length > 1 ? w[1] : "";
            if (cookie.equals("TFO_COOKIE")) {
                cookie = OptionSpec.FastOpen.TFO_COOKIE;
            }
            if (w.length > 2 || !cookie.matches("([0-9a-fA-F]{2})*")) {
                throw new ScriptSyntaxException(line, "bad Fast Open option '" + String.join(" ", w)
                        + "' (FO or FOEXP, then a cookie of hex digits)");
            }
            return new OptionSpec.FastOpen(cookie.toLowerCase(java.util.Locale.ROOT), w[0].equals("FOEXP"));
        }

        /**
         * {@code < icmp TYPE [CODE] [mtu N] [[start:end(len)]]}; outbound ICMP, ICMPv6 types and
         * others skip the script. {@code CODE} is the code packetdrill's run_all.py defines (-D).
         */
        private IcmpSpec icmp(int line, String body) throws ScriptSyntaxException {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                    "<\\s+icmp\\s+(\\w+)(?:\\s+([a-zA-Z_]\\w*))?(?:\\s+mtu\\s+(\\d+))?"
                            + "(?:\\s*\\[(\\d+):(\\d+)\\((\\d+)\\)])?\\s*").matcher(body);
            if (!m.matches()) {
                skip("line " + line + ": ICMP packet " + body.strip() + " (not supported)");
                return null;
            }
            Integer type = IcmpSpec.TYPES.get(m.group(1));
            String codeName = m.group(2) == null ? null : m.group(2).equals("CODE") ? IcmpSpec.CODE : m.group(2);
            int code = codeName == null ? 0 : type != null && type == 3 ? IcmpSpec.UNREACHABLE_CODES.indexOf(codeName) : -1;
            if (type == null || code < 0) {
                skip("line " + line + ": ICMP " + m.group(1) + (codeName == null ? "" : " " + codeName)
                        + " (not supported: an IPv4 destination unreachable or time exceeded)");
                return null;
            }
            long start = m.group(4) == null ? 0 : Long.parseLong(m.group(4));
            int length = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
            if (m.group(4) != null && Long.parseLong(m.group(5)) - start != length) {
                throw new ScriptSyntaxException(line, "sequence range in " + body.strip() + " is not " + length
                        + " bytes long");
            }
            return new IcmpSpec(type, code, m.group(3) == null ? 0 : Long.parseLong(m.group(3)), start, length);
        }

        /** {@code ECN [e0b N ceb N e1b N]} or {@code ECN e1b N [ceb N e0b N]}: the fields' order names the kind. */
        private OptionSpec accEcn(int line, String[] w) throws ScriptSyntaxException {
            int kind = w.length > 1 && w[1].equals("e1b") ? OptionSpec.AccEcn.KIND1 : OptionSpec.AccEcn.KIND0;
            String[] names = OptionSpec.AccEcn.names(kind);
            List<Long> fields = new ArrayList<>();
            for (int i = 1; i < w.length; i += 2) {
                int field = (i - 1) / 2;
                if (field >= names.length || !w[i].equals(names[field]) || i + 1 >= w.length) {
                    throw new ScriptSyntaxException(line, "bad AccECN option '" + String.join(" ", w)
                            + "' (ECN e0b N ceb N e1b N, or ECN e1b N ceb N e0b N, leading fields only)");
                }
                fields.add(Long.parseLong(w[i + 1]));
            }
            return new OptionSpec.AccEcn(kind, List.copyOf(fields));
        }

        List<OptionSpec> options(int line, String text) throws ScriptSyntaxException {
            if (text.equals("...")) {
                return PacketSpec.ANY_OPTIONS;
            }
            List<OptionSpec> out = new ArrayList<>();
            for (String raw : text.split(",")) {
                String[] w = raw.strip().split("\\s+");
                try {
                    switch (w[0]) {
                        case "nop" -> out.add(new OptionSpec.Nop());
                        case "eol" -> out.add(new OptionSpec.Eol());
                        case "sackOK" -> out.add(new OptionSpec.SackOk());
                        case "mss" -> out.add(new OptionSpec.Mss(Integer.parseInt(w[1])));
                        case "wscale" -> out.add(new OptionSpec.WScale(Integer.parseInt(w[1])));
                        case "TS" -> {
                            if (w.length != 5 || !w[1].equals("val") || !w[3].equals("ecr")) {
                                throw new ScriptSyntaxException(line, "bad TS option: " + raw.strip());
                            }
                            out.add(new OptionSpec.Timestamp(Long.parseLong(w[2]), Long.parseLong(w[4])));
                        }
                        case "sack" -> {
                            List<long[]> blocks = new ArrayList<>();
                            for (int i = 1; i < w.length; i++) {
                                String[] lr = w[i].split(":");
                                blocks.add(new long[] {Long.parseLong(lr[0]), Long.parseLong(lr[1])});
                            }
                            out.add(new OptionSpec.Sack(blocks));
                        }
                        case "FO", "FOEXP" -> out.add(fastOpen(line, w));
                        case "ECN" -> out.add(accEcn(line, w));
                        case "md5" -> {
                            skip("line " + line + ": TCP MD5 option (not supported)");
                            out.add(new OptionSpec.Other(19, 18));
                        }
                        default -> throw new ScriptSyntaxException(line, "unknown option '" + raw.strip() + "'");
                    }
                } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                    throw new ScriptSyntaxException(line, "bad option '" + raw.strip() + "'");
                }
            }
            return List.copyOf(out);
        }

        SyscallSpec syscall(int line, String body) throws ScriptSyntaxException {
            Matcher m = SYSCALL.matcher(body);
            if (!m.matches()) {
                throw new ScriptSyntaxException(line, "cannot read system call: " + body);
            }
            String name = m.group(1);
            List<String> args = splitArgs(m.group(2));
            if (!Syscalls.SUPPORTED.contains(name)) {
                skip("line " + line + ": system call " + name + "() (not supported)");
            } else {
                String why = Syscalls.unsupported(name, args);
                if (why != null) {
                    skip("line " + line + ": " + why);
                }
            }
            return new SyscallSpec(name, args, returnValue(line, m.group(3)), m.group(4));
        }

        /** Decimal or 0x hex; a leading 0 would make {@link Long#decode} read octal, so "0999" fails. */
        private static long returnValue(int line, String text) throws ScriptSyntaxException {
            try {
                return Long.decode(text);
            } catch (NumberFormatException e) {
                throw new ScriptSyntaxException(line, "bad return value: " + text);
            }
        }
    }

    /** Splits at the commas that are outside brackets and quotes; the arguments stripped, none for an empty list. */
    static List<String> splitArgs(String text) {
        List<String> parts = split(text, ',').stream().map(String::strip).toList();
        return parts.size() == 1 && parts.get(0).isEmpty() ? List.of() : parts;
    }

    /** Splits at the {@code sep} characters outside brackets and double quotes; the parts as written. */
    static List<String> split(String text, char sep) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ')' || c == ']' || c == '}')) {
                depth--;
            } else if (!quoted && depth == 0 && c == sep) {
                out.add(text.substring(from, i));
                from = i + 1;
            }
        }
        out.add(text.substring(from));
        return out;
    }

    /** Seconds as written ({@code 0.1}, {@code +.005}) to microseconds; finer than 1 µs or past 2^63 µs is an error. */
    static long micros(int line, String text) throws ScriptSyntaxException {
        String t = text.startsWith("+") ? text.substring(1) : text;
        try {
            return new java.math.BigDecimal(t.startsWith(".") ? "0" + t : t).movePointRight(6).longValueExact();
        } catch (ArithmeticException e) {
            throw new ScriptSyntaxException(line, "time " + text + " is not a whole number of microseconds that fits 64 bits");
        }
    }
}
