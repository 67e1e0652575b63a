package io.tcplab.stack;

/**
 * Why the stack discarded an incoming packet. Parsers and the connection layer return one of
 * these instead of throwing, so a hostile or corrupt packet costs a branch, not an exception.
 */
public enum DropReason {
    /** Fewer bytes than the fixed IP header (or an IPv4 header longer than the packet). */
    TRUNCATED_IP,
    /** IP version nibble is neither 4 nor 6. */
    BAD_IP_VERSION,
    /** IPv4 IHL below 5 words (RFC 791 §3.1). */
    BAD_IP_HEADER_LENGTH,
    /** IPv4 total length / IPv6 payload length disagrees with the bytes received or the header. */
    BAD_IP_TOTAL_LENGTH,
    /** IPv4 header checksum does not verify (RFC 791 §3.1, RFC 1071). */
    BAD_IP_CHECKSUM,
    /** An IP fragment; the stack does not reassemble (it sets DF and uses MSS to avoid them). */
    IP_FRAGMENT,
    /** An IPv6 extension header we do not process, e.g. a Routing header with segments left. */
    UNSUPPORTED_IPV6_EXTENSION,
    /** An IPv6 extension header whose length runs past the payload or that is misplaced. */
    MALFORMED_IPV6_EXTENSION,
    /** The transport protocol is neither TCP (6) nor ICMP (1 on IPv4, 58 on IPv6). */
    NOT_TCP,
    /** An ICMP message shorter than its 8-byte header (RFC 792, RFC 4443 §2.1). */
    TRUNCATED_ICMP,
    /** The ICMP checksum (ICMPv6: with the pseudo-header, RFC 4443 §2.3) does not verify. */
    BAD_ICMP_CHECKSUM,
    /**
     * IPv6 Neighbor Discovery (RFC 4861 types 133-137): a TUN is a point-to-point layer-3 device
     * with no link-layer addresses to resolve, so the stack takes no part in it. Not malformed.
     */
    ICMP_NEIGHBOR_DISCOVERY,
    /** A well-formed ICMP message the stack does not act on (echo replies, source quench per RFC 6633, MLD...). */
    ICMP_IGNORED,
    /** An ICMP error whose quoted packet is too short or not an IP header of the outer version (RFC 792, RFC 4443 §2.4). */
    MALFORMED_ICMP_QUOTE,
    /** An ICMP error quoting a packet that is not TCP. */
    ICMP_QUOTE_NOT_TCP,
    /** An ICMP error quoting a TCP segment of no connection of ours. */
    ICMP_NO_CONNECTION,
    /** An ICMP error quoting a sequence number outside [SND.UNA, SND.NXT): not a segment in flight (RFC 5927 §4.1). */
    ICMP_OUT_OF_WINDOW,
    /** Fewer than 20 bytes of TCP header. */
    TRUNCATED_TCP,
    /** TCP data offset below 5 words or past the end of the segment (RFC 9293 §3.1). */
    BAD_DATA_OFFSET,
    /** TCP checksum over pseudo header, header and data does not verify (RFC 9293 §3.1). */
    BAD_TCP_CHECKSUM,
    /** A TCP option whose length is illegal for its kind or runs past the options area. */
    BAD_OPTION_LENGTH,
    /** A flag combination no TCP state accepts (SYN+FIN, SYN+RST, none of SYN/ACK/RST). */
    ILLEGAL_FLAGS,
    /** The destination address is not one this stack owns. */
    NOT_OUR_ADDRESS,
    /** The segment lies outside the receive window (RFC 9293 §3.10.7.4, first check). */
    OUT_OF_WINDOW,
    /**
     * Data inside the advertised window that the receive buffer had no space for (the window's
     * scaled right edge may pass the free space, RFC 7323 §2.4): the segment's bytes past the free
     * space were discarded, RFC 9293 §3.10.7.4 trimming. Counted once per such segment.
     */
    RECEIVE_BUFFER_FULL,
    /**
     * Out-of-order data that would have needed more ranges than the receiver's memory budget for
     * them (a peer sending tiny segments with gaps); the segment's in-window bytes were discarded.
     */
    OUT_OF_ORDER_RANGE_LIMIT,
    /** The acknowledgment number acknowledges nothing sent or something not yet sent. */
    BAD_ACK,
    /** Rejected by Protection Against Wrapped Sequences (RFC 7323 §5). */
    PAWS_REJECTED,
    /** No connection or listener matches the segment's four-tuple. */
    NO_CONNECTION,
    /** A listener's accept queue (connections made but not yet accepted) is full: the SYN is dropped, the peer retries. */
    BACKLOG_FULL,
    /** A listener's SYN queue (connections in SYN-RECEIVED) is full and SYN cookies are off. */
    SYN_QUEUE_FULL,
    /** An ACK for a listening port whose acknowledgment number is not a SYN cookie of ours (RFC 4987 §3.6). */
    BAD_SYN_COOKIE
}
