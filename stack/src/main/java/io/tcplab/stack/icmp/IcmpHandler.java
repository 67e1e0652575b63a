package io.tcplab.stack.icmp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.PacketSink;
import io.tcplab.stack.StackStats;
import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.SoftError;
import io.tcplab.stack.wire.IcmpMessage;
import io.tcplab.stack.wire.IcmpWriter;
import io.tcplab.stack.wire.IpPacket;

/**
 * The stack's ICMP and ICMPv6: answers Echo Requests to our addresses (RFC 792; RFC 4443 §4.2,
 * RFC 1122 §3.2.2.6) and hands errors that quote one of our TCP segments to its connection
 * (RFC 9293 §3.9.2.2, RFC 1122 §4.2.3.9, RFC 5927; Path MTU per RFC 1191 and RFC 8201). Every
 * message it does not act on is counted under a {@link DropReason}; no content makes it throw.
 * Nothing allocates per packet (the reply buffer is made on the first echo).
 */
public final class IcmpHandler {
    /** Largest reply: an IPv6 payload of 65535 bytes behind its 40-byte header. */
    private static final int MAX_REPLY = 65535 + 40;
    /** RFC 1191 §7 plateau table, for routers that report no next-hop MTU. */
    private static final int[] PLATEAUS = {32000, 17914, 8166, 4352, 2002, 1492, 1006, 508, 296, 68};

    private final PacketSink sink;
    private final StackStats stats;
    private final ConnectionLookup lookup;
    private final IcmpMessage message = new IcmpMessage();
    private final IcmpWriter writer = new IcmpWriter();
    private final byte[] srcV4 = new byte[4];
    private final byte[] dstV4 = new byte[4];
    private final byte[] srcV6 = new byte[16];
    private final byte[] dstV6 = new byte[16];
    private ByteBuf reply;
    private int ipId;

    public IcmpHandler(PacketSink sink, StackStats stats, ConnectionLookup lookup) {
        this.sink = sink;
        this.stats = stats;
        this.lookup = lookup;
    }

    /** True when {@code ip} (wrapped with NOT_TCP) carries ICMP of its own version. */
    public static boolean isIcmp(IpPacket ip) {
        return ip.protocol() == (ip.version() == 4 ? IpPacket.PROTOCOL_ICMP : IpPacket.PROTOCOL_ICMPV6);
    }

    /** One ICMP message addressed to us; returns why it was dropped, or null when acted on. */
    public DropReason receive(long now, IpPacket ip) {
        DropReason reason = message.wrap(ip);
        if (reason != null) {
            return reason;
        }
        return ip.version() == 4 ? receiveV4(now, ip) : receiveV6(now, ip);
    }

    private DropReason receiveV4(long now, IpPacket ip) {
        int code = message.code();
        switch (message.type()) {
            case IcmpMessage.V4_ECHO_REQUEST:
                return echo(ip, IcmpMessage.V4_ECHO_REPLY);
            case IcmpMessage.V4_DESTINATION_UNREACHABLE:
                if (code == IcmpMessage.V4_CODE_FRAGMENTATION_NEEDED) {
                    return toConnection(now, SoftError.PACKET_TOO_BIG, true);
                }
                return toConnection(now, unreachableV4(code), false);
            case IcmpMessage.V4_TIME_EXCEEDED:
                return toConnection(now, SoftError.TIME_EXCEEDED, false);
            case IcmpMessage.V4_PARAMETER_PROBLEM:
                return toConnection(now, SoftError.PARAMETER_PROBLEM, false);
            default:
                return DropReason.ICMP_IGNORED; // echo reply, source quench (RFC 6633), redirect, ...
        }
    }

    private DropReason receiveV6(long now, IpPacket ip) {
        int type = message.type();
        switch (type) {
            case IcmpMessage.V6_ECHO_REQUEST:
                return echo(ip, IcmpMessage.V6_ECHO_REPLY);
            case IcmpMessage.V6_DESTINATION_UNREACHABLE:
                return toConnection(now, unreachableV6(message.code()), false);
            case IcmpMessage.V6_PACKET_TOO_BIG:
                return toConnection(now, SoftError.PACKET_TOO_BIG, true);
            case IcmpMessage.V6_TIME_EXCEEDED:
                return toConnection(now, SoftError.TIME_EXCEEDED, false);
            case IcmpMessage.V6_PARAMETER_PROBLEM:
                // RFC 4443 §3.4 code 1: unrecognized Next Header, the IPv6 protocol unreachable
                return toConnection(now, message.code() == 1 ? SoftError.PROTOCOL_UNREACHABLE
                        : SoftError.PARAMETER_PROBLEM, false);
            default:
                if (type >= IcmpMessage.V6_ROUTER_SOLICITATION && type <= IcmpMessage.V6_REDIRECT) {
                    return DropReason.ICMP_NEIGHBOR_DISCOVERY;
                }
                return DropReason.ICMP_IGNORED; // echo reply, MLD, unknown informational (RFC 4443 §2.4(b))
        }
    }

    /** RFC 792 Destination Unreachable codes, with RFC 1812 §5.2.7.1 (9, 10, 13-15). */
    private static SoftError unreachableV4(int code) {
        switch (code) {
            case 0:
                return SoftError.NETWORK_UNREACHABLE;
            case 2:
                return SoftError.PROTOCOL_UNREACHABLE;
            case 3:
                return SoftError.PORT_UNREACHABLE;
            case 9:
            case 10:
            case 13:
            case 14:
            case 15:
                return SoftError.ADMINISTRATIVELY_PROHIBITED;
            default:
                return SoftError.HOST_UNREACHABLE;
        }
    }

    /** RFC 4443 §3.1 codes. */
    private static SoftError unreachableV6(int code) {
        switch (code) {
            case 0:
                return SoftError.NETWORK_UNREACHABLE;
            case 1:
            case 5:
            case 6:
                return SoftError.ADMINISTRATIVELY_PROHIBITED;
            case 4:
                return SoftError.PORT_UNREACHABLE;
            default:
                return SoftError.HOST_UNREACHABLE;
        }
    }

    /**
     * RFC 792 / RFC 4443 §4.2: the reply swaps the addresses (its source is the address the request
     * was sent to) and returns identifier, sequence number and data unchanged.
     */
    private DropReason echo(IpPacket ip, int replyType) {
        boolean v4 = ip.version() == 4;
        byte[] src = v4 ? srcV4 : srcV6;
        byte[] dst = v4 ? dstV4 : dstV6;
        ip.copyDst(src);
        ip.copySrc(dst);
        if (reply == null) {
            reply = Unpooled.buffer(MAX_REPLY, MAX_REPLY);
        }
        reply.clear();
        writer.setIpId(ipId++).write(reply, src, dst, replyType, 0, message.restOfHeader(), message.buffer(),
                message.bodyOffset(), message.bodyLength());
        stats.countSent();
        stats.countIcmpEchoReply();
        sink.send(reply);
        return null;
    }

    /** An error: find the connection of the quoted segment (RFC 5927 §4: by four-tuple, then sequence). */
    private DropReason toConnection(long now, SoftError error, boolean tooBig) {
        DropReason reason = message.wrapQuote();
        if (reason != null) {
            return reason;
        }
        boolean v4 = message.quotedAddressLength() == 4;
        byte[] local = v4 ? srcV4 : srcV6;
        byte[] remote = v4 ? dstV4 : dstV6;
        message.copyQuotedSrc(local);
        message.copyQuotedDst(remote);
        Connection connection = lookup.find(local, message.quotedSrcPort(), remote, message.quotedDstPort());
        if (connection == null) {
            return DropReason.ICMP_NO_CONNECTION;
        }
        long mtu = 0;
        if (tooBig) {
            mtu = v4 ? message.restOfHeader() & 0xffff : message.restOfHeader();
            if (v4 && mtu == 0) {
                mtu = plateauBelow(message.quotedPacketLength()); // RFC 1191 §5, a router before RFC 1191
            }
        }
        reason = connection.onIcmpError(now, error, message.quotedSeq(), mtu);
        if (reason == null) {
            stats.countIcmpErrorAccepted();
        }
        return reason;
    }

    private static int plateauBelow(int length) {
        for (int p : PLATEAUS) {
            if (p < length) {
                return p;
            }
        }
        return 68;
    }
}
