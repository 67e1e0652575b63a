package io.tcplab.stack;

import io.tcplab.stack.conn.ConnectionOptions;
import java.util.ArrayList;
import java.util.List;

/** How a stack is set up: its addresses, randomness, defaults and limits. */
public final class StackConfig {
    final List<byte[]> addresses;
    final RandomSource random;
    final IsnSource isnSource;
    final ConnectionOptions defaultOptions;
    final int backlog;
    final int synQueue;
    final boolean synCookies;
    final int challengeAcksPerSecond;
    final boolean verifyChecksums;
    final boolean virtualPayload;
    final boolean partialChecksums;
    /**
     * The key of the stack's Fast Open cookies (RFC 7413 §4.1.2; Linux's tcp_fastopen_key), 16
     * bytes; null: drawn from the random source when a listener first needs it, as Linux draws
     * one on first use (tcp_fastopen_init_key_once).
     */
    final byte[] fastOpenKey;

    private StackConfig(Builder b) {
        addresses = List.copyOf(b.addresses);
        random = b.random;
        isnSource = b.isnSource != null ? b.isnSource : new IsnGenerator(b.random);
        defaultOptions = b.defaultOptions;
        backlog = b.backlog;
        synQueue = b.synQueue;
        synCookies = b.synCookies;
        challengeAcksPerSecond = b.challengeAcksPerSecond;
        verifyChecksums = b.verifyChecksums;
        virtualPayload = b.virtualPayload;
        partialChecksums = b.partialChecksums;
        fastOpenKey = b.fastOpenKey;
    }

    /** A builder holding this config's values, its random and ISN sources shared. */
    public Builder toBuilder() {
        Builder b = new Builder(random);
        b.addresses.addAll(addresses);
        b.isnSource = isnSource;
        b.defaultOptions = defaultOptions;
        b.backlog = backlog;
        b.synQueue = synQueue;
        b.synCookies = synCookies;
        b.challengeAcksPerSecond = challengeAcksPerSecond;
        b.verifyChecksums = verifyChecksums;
        b.virtualPayload = virtualPayload;
        b.partialChecksums = partialChecksums;
        b.fastOpenKey = fastOpenKey;
        return b;
    }

    public static Builder builder(RandomSource random) {
        return new Builder(random);
    }

    public boolean virtualPayload() {
        return virtualPayload;
    }

    public boolean partialChecksums() {
        return partialChecksums;
    }

    public ConnectionOptions defaultOptions() {
        return defaultOptions;
    }

    public static final class Builder {
        private final List<byte[]> addresses = new ArrayList<>();
        private final RandomSource random;
        private IsnSource isnSource;
        private ConnectionOptions defaultOptions = ConnectionOptions.defaults();
        private int backlog = 128;
        private int synQueue = 256; // Linux tcp_max_syn_backlog's lowest default
        private boolean synCookies = true; // Linux tcp_syncookies=1: only when the SYN queue overflows
        private int challengeAcksPerSecond = 1000; // Linux tcp_challenge_ack_limit (RFC 5961 §7)
        private boolean verifyChecksums = true;
        private boolean virtualPayload;
        private boolean partialChecksums;
        private byte[] fastOpenKey;

        private Builder(RandomSource random) {
            this.random = random;
        }

        /** An address of this stack: 4 bytes (IPv4) or 16 (IPv6). */
        public Builder address(byte[] address) {
            if (address.length != 4 && address.length != 16) {
                throw new IllegalArgumentException("address must be 4 (IPv4) or 16 (IPv6) bytes, got " + address.length);
            }
            addresses.add(address.clone());
            return this;
        }

        public Builder isnSource(IsnSource source) { isnSource = source; return this; }
        public Builder defaultOptions(ConnectionOptions options) { defaultOptions = options; return this; }
        /** The most connections made and not yet accepted per listener; SYNs beyond are dropped. */
        public Builder backlog(int n) { backlog = n; return this; }
        /** The most connections in SYN-RECEIVED per listener; SYNs beyond get a cookie, or are dropped without. */
        public Builder synQueue(int n) { synQueue = n; return this; }
        /** SYN cookies (RFC 4987 §3.6) when the SYN queue is full; on by default. */
        public Builder synCookies(boolean on) { synCookies = on; return this; }
        public Builder challengeAcksPerSecond(int n) { challengeAcksPerSecond = n; return this; }
        public Builder verifyChecksums(boolean on) { verifyChecksums = on; return this; }

        /**
         * Payload-free segments, for emulation only (ns-3's virtual payload): a data segment is
         * its headers, with the IP length counting the payload it stands for; no bytes are stored,
         * copied or checksummed. A corrupted segment is flagged by a non-zero TCP checksum field
         * and dropped as a bad checksum. Every peer on the path must use the same mode.
         */
        public Builder virtualPayload(boolean on) { virtualPayload = on; return this; }

        /**
         * Transmit checksum offload, for a device that completes checksums (a TUN device with
         * virtio-net headers): the TCP checksum of every emitted segment is left partial, the
         * pseudo-header's sum folded and not complemented, as Linux leaves it for a device with
         * NETIF_F_HW_CSUM (CHECKSUM_PARTIAL, __tcp_v4_send_check). Off by default: a peer that
         * reads the packets as they are (the emulator, a pcap) needs complete checksums.
         */
        public Builder partialChecksums(boolean on) { partialChecksums = on; return this; }

        /** The Fast Open cookie key, 16 bytes, or null to draw one when first needed. */
        public Builder fastOpenKey(byte[] key) {
            if (key != null && key.length != io.tcplab.stack.conn.FastOpen.KEY_BYTES) {
                throw new IllegalArgumentException("fastOpenKey must be " + io.tcplab.stack.conn.FastOpen.KEY_BYTES
                        + " bytes, got " + key.length);
            }
            fastOpenKey = key == null ? null : key.clone();
            return this;
        }

        public StackConfig build() {
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("a stack needs at least one address");
            }
            if (backlog < 1) {
                throw new IllegalArgumentException("backlog must be at least 1");
            }
            if (synQueue < 1) {
                throw new IllegalArgumentException("synQueue must be at least 1");
            }
            return new StackConfig(this);
        }
    }
}
