package io.tcplab.tools.packetdrill;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the statements of a {@code %{ }%} block in the subset {@link PyBlock} runs: {@code assert
 * test[, message]}, {@code name = value} (and {@code +=}, {@code -=}, {@code *=}) and
 * {@code print(...)}, one per line or separated by {@code ;}, with {@code #} comments and
 * {@code \} continuations; expressions as {@link PyExpr}. Anything else is {@link Unsupported},
 * naming the construct, and the script is skipped.
 */
final class PyParser {
    /** A construct outside the subset. */
    static final class Unsupported extends Exception {
        Unsupported(String message) {
            super(message);
        }
    }

    private static final List<String> OPERATORS = List.of("**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=",
            "*=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "(", ")", ",", "=", ";");
    private static final Set<String> COMPARISONS = Set.of("<", "<=", ">", ">=", "==", "!=");
    private static final Set<String> KEYWORDS = Set.of("assert", "and", "or", "not", "True", "False", "is", "in",
            "if", "else", "for", "while", "def", "lambda", "import", "from", "return", "None");

    private enum Kind { NUM, STR, NAME, OP, END }

    /** A token, and where it stands in the block's text ({@code from} inclusive, {@code to} exclusive). */
    private record Token(Kind kind, String text, int line, int from, int to) {
    }

    private final List<Token> tokens = new ArrayList<>();
    private String code;
    private int pos;

    private PyParser() {
    }

    /** The statements of {@code code}, whose first line is script line {@code line}. */
    static List<PyBlock.Statement> parse(int line, String code) throws Unsupported {
        PyParser p = new PyParser();
        p.tokenize(line, code);
        List<PyBlock.Statement> out = new ArrayList<>();
        while (p.peek().kind != Kind.END) {
            if (p.accept(";")) {
                continue;
            }
            out.add(p.statement());
            if (p.peek().kind != Kind.END && !p.accept(";")) {
                throw new Unsupported("Python: '" + p.peek().text + "' after a statement");
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ tokens

    private void tokenize(int firstLine, String code) throws Unsupported {
        this.code = code;
        int line = firstLine;
        int depth = 0;
        int i = 0;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (c == '\n') {
                if (depth == 0) {
                    add(Kind.OP, ";", line, i, i); // a new line outside brackets ends a statement
                }
                line++;
                i++;
            } else if (c == '\\' && code.startsWith("\n", skipBlanks(code, i + 1))) {
                i = skipBlanks(code, i + 1) + 1; // a continued line
                line++;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (c == '#') {
                while (i < code.length() && code.charAt(i) != '\n') {
                    i++;
                }
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < code.length() && (Character.isLetterOrDigit(code.charAt(i)) || code.charAt(i) == '.')) {
                    i++;
                }
                add(Kind.NUM, code.substring(start, i), line, start, i);
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < code.length() && (Character.isLetterOrDigit(code.charAt(i)) || code.charAt(i) == '_')) {
                    i++;
                }
                add(Kind.NAME, code.substring(start, i), line, start, i);
            } else if (c == '\'' || c == '"') {
                int end = code.indexOf(c, i + 1);
                if (end < 0 || code.substring(i + 1, end).contains("\\")) {
                    throw new Unsupported("Python: a string literal with escapes or unclosed");
                }
                add(Kind.STR, code.substring(i + 1, end), line, i, end + 1);
                i = end + 1;
            } else {
                int at = i;
                String op = OPERATORS.stream().filter(o -> code.startsWith(o, at)).findFirst()
                        .orElseThrow(() -> new Unsupported("Python: character '" + c + "'"));
                depth += op.equals("(") ? 1 : op.equals(")") ? -1 : 0;
                add(Kind.OP, op, line, i, i + op.length());
                i += op.length();
            }
        }
        add(Kind.END, "", line, code.length(), code.length());
    }

    private static int skipBlanks(String code, int i) {
        while (i < code.length() && (code.charAt(i) == ' ' || code.charAt(i) == '\t' || code.charAt(i) == '\r')) {
            i++;
        }
        return i;
    }

    private void add(Kind kind, String text, int line, int from, int to) {
        tokens.add(new Token(kind, text, line, from, to));
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private boolean accept(String op) {
        Token t = peek();
        if ((t.kind == Kind.OP || t.kind == Kind.NAME) && t.text.equals(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String op) throws Unsupported {
        if (!accept(op)) {
            throw new Unsupported("Python: expected '" + op + "', found '" + peek().text + "'");
        }
    }

    // ------------------------------------------------------------------ statements

    private PyBlock.Statement statement() throws Unsupported {
        Token first = peek();
        int start = pos;
        if (accept("assert")) {
            PyExpr test = expression();
            PyExpr message = accept(",") ? expression() : null;
            return new PyBlock.Assert(first.line, test, message, text(start));
        }
        if (first.kind == Kind.NAME && first.text.equals("print")) {
            pos++;
            expect("(");
            List<PyExpr> args = new ArrayList<>();
            while (!accept(")")) {
                args.add(expression());
                if (!accept(",") && !peek().text.equals(")")) {
                    throw new Unsupported("Python: print() arguments");
                }
            }
            return new PyBlock.Print(first.line, args);
        }
        if (first.kind == Kind.NAME && !KEYWORDS.contains(first.text)) {
            pos++;
            Token op = peek();
            if (op.kind == Kind.OP && List.of("=", "+=", "-=", "*=").contains(op.text)) {
                pos++;
                return new PyBlock.Assign(first.line, first.text, op.text, expression());
            }
        }
        throw new Unsupported("Python statement '" + first.text + "' (runs: assert, assignment, print)");
    }

    /** The statement from token {@code from} to the last one read, as written (continuations joined). */
    private String text(int from) {
        return code.substring(tokens.get(from).from, tokens.get(pos - 1).to).replaceAll("\\s*\\\\?\\s*\\n\\s*", " ");
    }

    // ------------------------------------------------------------------ expressions, lowest precedence first

    private PyExpr expression() throws Unsupported {
        PyExpr left = and();
        while (accept("or")) {
            left = new PyExpr.Logical("or", left, and());
        }
        return left;
    }

    private PyExpr and() throws Unsupported {
        PyExpr left = not();
        while (accept("and")) {
            left = new PyExpr.Logical("and", left, not());
        }
        return left;
    }

    private PyExpr not() throws Unsupported {
        return accept("not") ? new PyExpr.Unary("not", not()) : comparison();
    }

    private PyExpr comparison() throws Unsupported {
        List<PyExpr> operands = new ArrayList<>(List.of(binary(0)));
        List<String> ops = new ArrayList<>();
        while (peek().kind == Kind.OP && COMPARISONS.contains(peek().text)) {
            ops.add(tokens.get(pos++).text);
            operands.add(binary(0));
        }
        if (peek().text.equals("is") || peek().text.equals("in")) {
            throw new Unsupported("Python operator '" + peek().text + "'");
        }
        return ops.isEmpty() ? operands.get(0) : new PyExpr.Compare(operands, ops);
    }

    /** Binary operators by Python's precedence, lowest first. */
    private static final List<List<String>> LEVELS = List.of(List.of("|"), List.of("^"), List.of("&"),
            List.of("<<", ">>"), List.of("+", "-"), List.of("*", "//", "%", "/"));

    private PyExpr binary(int level) throws Unsupported {
        if (level == LEVELS.size()) {
            return unary();
        }
        PyExpr left = binary(level + 1);
        while (peek().kind == Kind.OP && LEVELS.get(level).contains(peek().text)) {
            String op = tokens.get(pos++).text;
            if (op.equals("/")) {
                throw new Unsupported("Python true division '/' (floats)");
            }
            left = new PyExpr.Binary(op, left, binary(level + 1));
        }
        return left;
    }

    private PyExpr unary() throws Unsupported {
        for (String op : List.of("-", "+", "~")) {
            if (accept(op)) {
                return new PyExpr.Unary(op, unary());
            }
        }
        PyExpr base = atom();
        if (peek().text.equals("**")) {
            throw new Unsupported("Python operator '**'");
        }
        return base;
    }

    private PyExpr atom() throws Unsupported {
        Token t = tokens.get(pos++);
        switch (t.kind) {
            case NUM:
                try {
                    return new PyExpr.Num(Long.decode(t.text.toLowerCase()));
                } catch (NumberFormatException e) {
                    throw new Unsupported("Python number '" + t.text + "'");
                }
            case STR:
                return new PyExpr.Str(t.text);
            case NAME:
                if (t.text.equals("True") || t.text.equals("False")) {
                    return new PyExpr.Num(t.text.equals("True") ? 1 : 0);
                }
                if (KEYWORDS.contains(t.text)) {
                    throw new Unsupported("Python keyword '" + t.text + "'");
                }
                if (peek().text.equals("(")) {
                    throw new Unsupported("Python call " + t.text + "()");
                }
                return new PyExpr.Name(t.text);
            default:
                if (t.text.equals("(")) {
                    List<PyExpr> items = new ArrayList<>(List.of(expression()));
                    boolean tuple = false;
                    while (accept(",")) {
                        tuple = true;
                        if (!peek().text.equals(")")) {
                            items.add(expression());
                        }
                    }
                    expect(")");
                    return tuple ? new PyExpr.Tuple(items) : items.get(0);
                }
                throw new Unsupported("Python: unexpected '" + t.text + "'");
        }
    }
}
