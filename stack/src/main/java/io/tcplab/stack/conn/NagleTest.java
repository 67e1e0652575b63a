package io.tcplab.stack.conn;

/** Which unacknowledged data holds back a segment shorter than a full one (Nagle's algorithm). */
public enum NagleTest {
    /** Any: RFC 9293 §3.7.4 (RFC 896), one small segment at most while any data is unacknowledged. */
    RFC,
    /**
     * Only an earlier small segment: Minshall's modification (draft-minshall-nagle, which RFC 9293
     * cites), as Linux's tcp_nagle_check tests it (tcp_minshall_check: the end of the last segment
     * sent shorter than the MSS, snd_sml, is above SND.UNA). A write's tail then leaves with its
     * full segments.
     */
    MINSHALL
}
