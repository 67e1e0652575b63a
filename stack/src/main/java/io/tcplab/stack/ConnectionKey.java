package io.tcplab.stack;

import io.tcplab.stack.wire.IpPacket;
import io.tcplab.stack.wire.TcpHeader;
import java.util.Arrays;

/**
 * The four-tuple that names a connection, as a hash key. The stack fills one reusable scratch key
 * per address family from each arriving packet, so demultiplexing allocates nothing.
 */
final class ConnectionKey {
    private final byte[] local;
    private final byte[] remote;
    private int localPort;
    private int remotePort;
    private int hash;

    private ConnectionKey(byte[] local, byte[] remote, int localPort, int remotePort) {
        this.local = local;
        this.remote = remote;
        this.localPort = localPort;
        this.remotePort = remotePort;
        rehash();
    }

    static ConnectionKey scratch(int addressLength) {
        return new ConnectionKey(new byte[addressLength], new byte[addressLength], 0, 0);
    }

    static ConnectionKey of(byte[] local, int localPort, byte[] remote, int remotePort) {
        return new ConnectionKey(local.clone(), remote.clone(), localPort, remotePort);
    }

    /** Our side is the packet's destination. */
    void fillFrom(IpPacket ip, TcpHeader tcp) {
        ip.copyDst(local);
        ip.copySrc(remote);
        localPort = tcp.dstPort();
        remotePort = tcp.srcPort();
        rehash();
    }

    /** Whether this key names the packet's connection (our side is the destination); copies nothing. */
    boolean matches(IpPacket ip, TcpHeader tcp) {
        return localPort == tcp.dstPort() && remotePort == tcp.srcPort() && ip.dstEquals(local) && ip.srcEquals(remote);
    }

    /** The same four-tuple as {@code other}, which has this key's address length. */
    void fill(ConnectionKey other) {
        fill(other.local, other.localPort, other.remote, other.remotePort);
    }

    /** From arrays of this key's address length. */
    void fill(byte[] localAddress, int localPort, byte[] remoteAddress, int remotePort) {
        System.arraycopy(localAddress, 0, local, 0, local.length);
        System.arraycopy(remoteAddress, 0, remote, 0, remote.length);
        this.localPort = localPort;
        this.remotePort = remotePort;
        rehash();
    }

    ConnectionKey copy() {
        return of(local, localPort, remote, remotePort);
    }

    byte[] local() {
        return local;
    }

    byte[] remote() {
        return remote;
    }

    int localPort() {
        return localPort;
    }

    int remotePort() {
        return remotePort;
    }

    private void rehash() {
        hash = (Arrays.hashCode(local) * 31 + Arrays.hashCode(remote)) * 31 + (localPort << 16 | remotePort);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ConnectionKey)) {
            return false;
        }
        ConnectionKey k = (ConnectionKey) o;
        return hash == k.hash && localPort == k.localPort && remotePort == k.remotePort
                && Arrays.equals(local, k.local) && Arrays.equals(remote, k.remote);
    }

    @Override
    public String toString() {
        return Arrays.toString(local) + ":" + localPort + " <-> " + Arrays.toString(remote) + ":" + remotePort;
    }
}
