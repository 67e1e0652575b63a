package io.tcplab.stack.conn;

import io.tcplab.stack.wire.TcpOptions;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A client's Fast Open cookies (RFC 7413 §4.1.3): per pair of our address and the server's, the
 * last valid cookie the server gave, the MSS of its last SYN-ACK (§4.1.3 asks for it, so that
 * the data of the next SYN fits, §4.2.1), and — as Linux's tcp_fastopen_metrics keeps it —
 * whether to ask in the experimental form next time: a server that answered a kind-34 request
 * without a cookie is asked once in the experimental form, one that ignored that too in kind 34
 * from then on (tcp_rcv_fastopen_synack's try_exp). One per stack, the stack's state; at most
 * {@link #CAPACITY} servers, the least recently used forgotten first.
 */
public final class FastOpenCache {
    static final int CAPACITY = 1024;

    /** One server's entry (Linux's struct tcp_fastopen_metrics, less the SYN-loss count nothing reads). */
    private static final class Entry {
        int mss;
        int cookieLength = -1;
        boolean cookieExperimental;
        final byte[] cookie = new byte[TcpOptions.MAX_FAST_OPEN_COOKIE];
        /** 0: ask in kind 34; 1: once in the experimental form; 2: it did not help, kind 34 again. */
        int tryExperimental;
    }

    private final Map<ByteBuffer, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Entry> eldest) {
            return size() > CAPACITY;
        }
    };

    /** Forgets every server (Linux: ip tcp_metrics flush). */
    public void clear() {
        entries.clear();
    }

    /**
     * Fills {@code out} with what is known of the server at {@code remote} from {@code local}
     * (Linux tcp_fastopen_cache_get): its cookie, or none with the form to ask in, and its MSS (0
     * when unknown).
     */
    void lookup(byte[] local, byte[] remote, FastOpenClient out) {
        Entry e = entries.get(key(local, remote));
        if (e == null) {
            out.known(0, null, -1, false);
            return;
        }
        boolean experimental = e.cookieLength > 0 ? e.cookieExperimental : e.tryExperimental == 1;
        out.known(e.mss, e.cookie, e.cookieLength, experimental);
    }

    /**
     * What a SYN-ACK taught (Linux tcp_fastopen_cache_set): its {@code mss} (0: none), a valid
     * {@code cookie} of {@code length} bytes to keep (length 0 or less: none, and the cookie kept
     * stays), and {@code tryExperimental} (0: no change) when no cookie has ever come.
     */
    void store(byte[] local, byte[] remote, int mss, byte[] cookie, int length, boolean experimental,
               int tryExperimental) {
        Entry e = entries.computeIfAbsent(key(local, remote), k -> new Entry());
        if (mss > 0) {
            e.mss = mss;
        }
        if (length > 0) {
            System.arraycopy(cookie, 0, e.cookie, 0, length);
            e.cookieLength = length;
            e.cookieExperimental = experimental;
        } else if (tryExperimental > e.tryExperimental && e.cookieLength <= 0) {
            e.tryExperimental = tryExperimental;
        }
    }

    private static ByteBuffer key(byte[] local, byte[] remote) {
        byte[] k = new byte[local.length + remote.length];
        System.arraycopy(local, 0, k, 0, local.length);
        System.arraycopy(remote, 0, k, local.length, remote.length);
        return ByteBuffer.wrap(k);
    }
}
