package io.tcplab.tools.realhost;

import io.tcplab.tools.traffic.PatternInputStream;

/**
 * What {@code tcplab serve} does with each connection it accepts. A new mode is one more constant
 * here and the option of {@code serve} that picks it ({@code cli.ServeCommand.mode()}).
 */
public enum ServeMode {
    /** Read and hash everything; close after the peer's FIN. */
    SINK {
        @Override
        Session newSession(int id, long sourceBytes) {
            return Session.sink("serve", id);
        }
    },
    /** Write back everything read; close after the peer's FIN once all is echoed. */
    ECHO {
        @Override
        Session newSession(int id, long sourceBytes) {
            return Session.echo("serve", id);
        }
    },
    /** Send {@code --source} bytes to each client (and read what it sends), then close. */
    SOURCE {
        @Override
        Session newSession(int id, long sourceBytes) {
            return Session.source("serve", id, new PatternInputStream(id, sourceBytes), 0);
        }
    };

    /** The application for connection number {@code id} (1, 2, ...). */
    abstract Session newSession(int id, long sourceBytes);
}
