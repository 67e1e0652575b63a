package io.tcplab.tools.ab;

import io.tcplab.tools.link.bridge.LinkBridge;

/** A running link bridge of a {@link RealPath} and the names of its left and right devices (closing stops it). */
public record RealLink(LinkBridge bridge, String leftDevice, String rightDevice) implements AutoCloseable {
    /** Fails the run {@code what} if the bridge stopped on its own. */
    public void check(String what) {
        if (bridge.failure() != null) {
            throw new AbException(what + ": the link failed: " + bridge.failure(), bridge.failure());
        }
    }

    @Override
    public void close() {
        bridge.close();
    }
}
