package io.tcplab.tools.packetdrill;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A {@code %{ }%} block of a script: statements in the Python subset {@link PyParser} reads,
 * run at the block's time against the connection's {@link TcpInfo}, as packetdrill runs them
 * against the snapshot of TCP_INFO it took then. The script's blocks share one namespace (a
 * variable set in one is seen by the next). A failed assertion fails the script at its line
 * with the values it read; an assertion over a field tcplab does not know is not checked and
 * is reported by name.
 */
record PyBlock(int line, List<Statement> statements) {
    sealed interface Statement {
        int line();
    }

    /** {@code assert test[, message]}; {@code text} as written, for the report. */
    record Assert(int line, PyExpr test, PyExpr message, String text) implements Statement {
    }

    /** {@code name = value}, or {@code name op= value}. */
    record Assign(int line, String name, String op, PyExpr value) implements Statement {
    }

    /** {@code print(...)}: logged. */
    record Print(int line, List<PyExpr> args) implements Statement {
    }

    /**
     * Runs the statements in {@code env} (the script's variables with this moment's fields and
     * symbols bound); returns the assertions not checked, as {@code "line N: tcpi_x"}. A failed
     * assertion or a Python error throws {@link ScriptFailure}.
     */
    List<String> run(Map<String, Object> env, Consumer<String> log) {
        List<String> unchecked = new ArrayList<>();
        for (Statement s : statements) {
            try {
                if (s instanceof Assert a) {
                    check(a, env, unchecked);
                } else if (s instanceof Assign a) {
                    env.put(a.name(), a.op().equals("=") ? a.value().eval(env)
                            : new PyExpr.Binary(a.op().substring(0, 1), new PyExpr.Name(a.name()), a.value()).eval(env));
                } else if (s instanceof Print p) {
                    log.accept("line " + p.line() + ": print: " + String.join(" ",
                            p.args().stream().map(e -> PyExpr.render(e.eval(env))).toList()));
                }
            } catch (PyExpr.PyError e) {
                throw new ScriptFailure(s.line(), "Python error: " + e.getMessage(), null, null);
            }
        }
        return unchecked;
    }

    private static void check(Assert a, Map<String, Object> env, List<String> unchecked) {
        Object v = a.test().eval(env);
        if (v instanceof PyExpr.Unknown u) {
            unchecked.add("line " + a.line() + ": " + u.field());
            return;
        }
        if (PyExpr.truth(v)) {
            return;
        }
        StringBuilder values = new StringBuilder();
        for (String name : fieldsOf(a.test())) {
            values.append(values.length() == 0 ? " (" : ", ").append(name).append(" = ")
                    .append(PyExpr.render(env.get(name)));
        }
        String message = a.message() == null ? "" : ": " + PyExpr.render(a.message().eval(env));
        throw new ScriptFailure(a.line(), "assertion failed: " + a.text() + (values.length() == 0 ? "" : values + ")")
                + message, null, null);
    }

    /** The names an expression reads, sorted. */
    private static TreeSet<String> fieldsOf(PyExpr e) {
        TreeSet<String> out = new TreeSet<>();
        collect(e, out);
        return out;
    }

    private static void collect(PyExpr e, TreeSet<String> out) {
        if (e instanceof PyExpr.Name n) {
            out.add(n.name());
        } else if (e instanceof PyExpr.Tuple t) {
            t.items().forEach(i -> collect(i, out));
        } else if (e instanceof PyExpr.Unary u) {
            collect(u.operand(), out);
        } else if (e instanceof PyExpr.Binary b) {
            collect(b.left(), out);
            collect(b.right(), out);
        } else if (e instanceof PyExpr.Compare c) {
            c.operands().forEach(o -> collect(o, out));
        } else if (e instanceof PyExpr.Logical l) {
            collect(l.left(), out);
            collect(l.right(), out);
        }
    }
}
