package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.UndoCause;

/** The loss episode a detector is judging, if any, and what undoing it would be. */
final class OpenEpisode {
    private boolean open;
    private UndoCause cause;

    void start(UndoCause undoCause) {
        open = true;
        cause = undoCause;
    }

    /** Judged (found spurious) or undone: nothing left to judge. */
    void close() {
        open = false;
    }

    boolean isOpen() {
        return open;
    }

    UndoCause cause() {
        return cause;
    }
}
