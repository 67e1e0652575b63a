package io.tcplab.tools.report;

import java.nio.file.Path;

/** A directory given to the report that holds no result of any command: its message names it and what was expected. */
public final class NoResultException extends Exception {
    public NoResultException(Path dir) {
        super(dir + ": no result to report (expected one of " + ResultKind.expected() + ", as --report DIR writes them)");
    }
}
