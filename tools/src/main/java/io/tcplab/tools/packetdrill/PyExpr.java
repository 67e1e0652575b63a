package io.tcplab.tools.packetdrill;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An expression of the Python subset packetdrill scripts write in their {@code %{ }%} blocks:
 * integers, strings, names, tuples, unary and binary arithmetic, bit operations, chained
 * comparisons, {@code and}/{@code or}/{@code not} and {@code %} formatting. Values are Python's:
 * {@link Long} (booleans are 1 and 0, as Python's bool is an int), {@link String}, tuples as
 * {@link List}; a name bound to a field tcplab cannot give evaluates to {@link Unknown}, which
 * every operation passes on.
 */
sealed interface PyExpr {
    /** The value of an unknown {@code tcpi_*} field, and of everything computed from one. */
    record Unknown(String field) {
    }

    /** A Python error (a name not defined, a type that does not fit): the script fails with it. */
    final class PyError extends RuntimeException {
        PyError(String message) {
            super(message);
        }
    }

    Object eval(Map<String, Object> env);

    record Num(long value) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            return value;
        }
    }

    record Str(String value) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            return value;
        }
    }

    record Name(String name) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            Object v = env.get(name);
            if (v == null) {
                throw new PyError("name '" + name + "' is not defined");
            }
            return v;
        }
    }

    record Tuple(List<PyExpr> items) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            List<Object> out = new ArrayList<>();
            for (PyExpr e : items) {
                out.add(e.eval(env));
            }
            return out;
        }
    }

    /** {@code -x}, {@code +x}, {@code ~x}, {@code not x}. */
    record Unary(String op, PyExpr operand) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            Object v = operand.eval(env);
            if (v instanceof Unknown) {
                return v;
            }
            if (op.equals("not")) {
                return truth(v) ? 0L : 1L;
            }
            long x = integer(v, op);
            return switch (op) {
                case "-" -> -x;
                case "~" -> ~x;
                default -> x;
            };
        }
    }

    /** Arithmetic and bit operations on integers, and {@code 'format' % args}. */
    record Binary(String op, PyExpr left, PyExpr right) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            Object l = left.eval(env);
            Object r = right.eval(env);
            if (l instanceof Unknown) {
                return l;
            }
            if (r instanceof Unknown) {
                return r;
            }
            if (op.equals("%") && l instanceof String format) {
                return format(format, r instanceof List<?> list ? list : List.of(r));
            }
            long a = integer(l, op);
            long b = integer(r, op);
            return switch (op) {
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                case "//" -> Math.floorDiv(a, nonZero(b));
                case "%" -> Math.floorMod(a, nonZero(b));
                case "&" -> a & b;
                case "|" -> a | b;
                case "^" -> a ^ b;
                case "<<" -> a << b;
                case ">>" -> a >> b;
                default -> throw new IllegalStateException(op);
            };
        }
    }

    /** {@code a < b <= c ...}: each pair compared, all must hold (Python's chaining). */
    record Compare(List<PyExpr> operands, List<String> ops) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            Object left = operands.get(0).eval(env);
            boolean holds = true;
            for (int i = 0; i < ops.size(); i++) {
                Object right = operands.get(i + 1).eval(env);
                if (left instanceof Unknown) {
                    return left;
                }
                if (right instanceof Unknown) {
                    return right;
                }
                holds &= compare(ops.get(i), left, right);
                left = right;
            }
            return holds ? 1L : 0L;
        }
    }

    /** {@code and}, {@code or}: Python's short circuit, the deciding operand's value. */
    record Logical(String op, PyExpr left, PyExpr right) implements PyExpr {
        public Object eval(Map<String, Object> env) {
            Object l = left.eval(env);
            if (l instanceof Unknown) {
                return l;
            }
            boolean decided = op.equals("and") != truth(l);
            return decided ? l : right.eval(env);
        }
    }

    static boolean truth(Object v) {
        if (v instanceof Long n) {
            return n != 0;
        }
        if (v instanceof String s) {
            return !s.isEmpty();
        }
        return !((List<?>) v).isEmpty();
    }

    private static long integer(Object v, String op) {
        if (v instanceof Long n) {
            return n;
        }
        throw new PyError("unsupported operand for " + op + ": " + render(v));
    }

    private static long nonZero(long b) {
        if (b == 0) {
            throw new PyError("integer division or modulo by zero");
        }
        return b;
    }

    private static boolean compare(String op, Object a, Object b) {
        if (op.equals("==") || op.equals("!=")) {
            return a.equals(b) == op.equals("==");
        }
        int c;
        if (a instanceof Long x && b instanceof Long y) {
            c = Long.compare(x, y);
        } else if (a instanceof String x && b instanceof String y) {
            c = x.compareTo(y);
        } else {
            throw new PyError("'" + op + "' between " + render(a) + " and " + render(b));
        }
        return switch (op) {
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            default -> c >= 0;
        };
    }

    /** printf-style {@code %d}, {@code %s}, {@code %%}, as Python's {@code str % args}. */
    private static String format(String format, List<?> args) {
        StringBuilder out = new StringBuilder();
        int next = 0;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            char conversion = i + 1 < format.length() ? format.charAt(++i) : ' ';
            if (conversion == '%') {
                out.append('%');
                continue;
            }
            if ((conversion != 'd' && conversion != 's') || next >= args.size()) {
                throw new PyError("format '" + format + "' with " + args.size() + " argument(s)");
            }
            Object a = args.get(next++);
            if (conversion == 'd' && !(a instanceof Long)) {
                throw new PyError("%d format: a number is required, not " + render(a));
            }
            out.append(render(a));
        }
        if (next != args.size()) {
            throw new PyError("not all arguments converted during string formatting");
        }
        return out.toString();
    }

    /** A value as Python's {@code str()} shows it. */
    static String render(Object v) {
        if (v instanceof Unknown u) {
            return u.field() + " (unknown)";
        }
        if (v instanceof List<?> list) {
            return "(" + String.join(", ", list.stream().map(PyExpr::render).toList()) + (list.size() == 1 ? ",)" : ")");
        }
        return String.valueOf(v);
    }
}
