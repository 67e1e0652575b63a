package io.tcplab.tools.packetdrill;

import java.util.List;

/**
 * One system call line: {@code name(args) = ret [ERRNO (text)]}. Arguments are kept as the
 * script wrote them (top-level comma split); {@link Syscalls} gives them meaning.
 */
record SyscallSpec(String name, List<String> args, long expectedReturn, String expectedErrno) {
    String arg(int i) {
        return i < args.size() ? args.get(i).trim() : "";
    }

    String render() {
        return name + "(" + String.join(", ", args) + ") = " + expectedReturn
                + (expectedErrno == null ? "" : " " + expectedErrno);
    }
}
