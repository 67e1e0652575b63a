package io.tcplab.stack.conn;

import io.netty.buffer.ByteBuf;
import io.tcplab.stack.DropReason;
import io.tcplab.stack.seq.SeqNum;
import io.tcplab.stack.spurious.AckEvidence;
import io.tcplab.stack.wire.TcpHeader;
import io.tcplab.stack.wire.TcpOptions;

/**
 * Segment arrival for one connection: RFC 9293 §3.10.7.3 (SYN-SENT) and §3.10.7.4 (every other
 * state) in the RFC's order — sequence check and PAWS, RST, SYN, ACK, text, FIN — with the checks
 * of RFC 5961. The {@link Connection} owns the state; this is the long procedure that reads and
 * changes it, kept apart so each file has one job.
 */
final class SegmentArrival {
    private final Connection c;
    private final SendSequence snd;
    private final ArrivingSegment arriving = new ArrivingSegment();

    SegmentArrival(Connection c, SendSequence snd) {
        this.c = c;
        this.snd = snd;
    }

    /** A segment in {@code state}; false for a SYN that may reopen a TIME-WAIT connection (see {@link Connection#onSegment}). */
    boolean onSegment(long now, TcpState state, TcpHeader tcp, TcpOptions opts, ByteBuf packet, int ecn) {
        return switch (state) {
            case SYN_SENT -> {
                onSegmentInSynSent(now, tcp, opts, packet, ecn);
                yield true;
            }
            case CLOSED, LISTEN -> true;
            default -> onSegmentSynchronized(now, tcp, opts, packet, ecn);
        };
    }

    /** RFC 9293 §3.10.7.3, with RFC 5961 §3 for the RST check. */
    private void onSegmentInSynSent(long now, TcpHeader tcp, TcpOptions opts, ByteBuf packet, int ecn) {
        int flags = tcp.flags();
        long ack = SeqNum.unwrap(tcp.ack(), snd.nxt());
        boolean hasAck = (flags & TcpHeader.ACK) != 0;
        if (hasAck && (ack <= snd.iss() || ack > snd.nxt())) {
            c.ctx.stats().countDrop(DropReason.BAD_ACK);
            if ((flags & TcpHeader.RST) == 0) {
                c.emitter.reset(tcp.ack(), 0, false);
            }
            return;
        }
        if ((flags & TcpHeader.RST) != 0) {
            if (hasAck) {
                c.closing.enterClosed(now, ConnectionError.REFUSED);
            } else {
                c.ctx.stats().countDrop(DropReason.OUT_OF_WINDOW);
            }
            return;
        }
        if ((flags & TcpHeader.SYN) == 0) {
            c.ctx.stats().countDrop(DropReason.ILLEGAL_FLAGS);
            return;
        }
        long irs = tcp.seq() & 0xFFFFFFFFL;
        c.startReceiving(irs);
        if (hasAck || c.options.ecnMode != EcnMode.ACCECN) {
            c.handshake.negotiate(opts, tcp.window());
            c.handshake.onSynAck(now, flags, ecn, opts);
            c.handshake.settleCeEcho(opts.exactCeEcho());
        } else {
            c.handshake.acceptSyn(now, opts, tcp.window(), flags, ecn); // RFC 9768 §3.1.2: as a listener would
        }
        if (hasAck) {
            snd.acknowledge(ack);
            c.sender.buffer().ackTo(Math.min(ack, c.sender.dataEnd())); // a Fast Open SYN's data
            snd.windowFrom(irs, ack);
            c.handshake.onFastOpenSynAck(opts, ack);
            boolean fin = (flags & TcpHeader.FIN) != 0;
            boolean text = tcp.payloadLength() > 0 || fin;
            if (text) {
                // §3.10.7.3: text and controls of the SYN-ACK are processed as in ESTABLISHED (sixth
                // step on), so the ACK of the SYN-ACK acknowledges them too
                c.receiver().onSegment(now, irs + 1, packet, tcp.payloadOffset(), tcp.payloadLength(), fin, false);
            }
            c.handshake.completeActive(now);
            if (fin && c.state() == TcpState.ESTABLISHED) {
                c.setState(TcpState.CLOSE_WAIT, now);
            }
            if (text) {
                c.handler().onReadable(c, now);
            }
        } else {
            // Simultaneous open (RFC 9293 §3.5, figure 8)
            c.setState(TcpState.SYN_RECEIVED, now);
            c.handshake.sendSyn(now, true);
        }
    }

    private boolean onSegmentSynchronized(long now, TcpHeader tcp, TcpOptions opts, ByteBuf packet, int ecn) {
        int flags = tcp.flags();
        long seq = SeqNum.unwrap(tcp.seq(), c.receiver().rcvNxt());
        int payloadLen = tcp.payloadLength();
        boolean hasTs = c.timestamps.agreed() && opts.hasTimestamps();

        if ((flags & TcpHeader.SYN) != 0) {
            if (seq + 1 == c.receiver().rcvNxt() && c.state() == TcpState.SYN_RECEIVED) {
                if ((flags & TcpHeader.ACK) == 0) {
                    c.handshake.onSynAgain(flags, ecn);
                    c.handshake.sendSyn(now, true); // the peer did not see our SYN-ACK
                    return true;
                }
                seq++; // simultaneous open: the SYN is old, the rest of the segment is new
                flags &= ~TcpHeader.SYN;
            } else if (c.state() == TcpState.TIME_WAIT && seq > c.receiver().rcvNxt() && (flags & TcpHeader.ACK) == 0) {
                return false; // a new incarnation may reuse the four-tuple
            }
        }
        int segLen = payloadLen + ((flags & TcpHeader.SYN) != 0 ? 1 : 0) + ((flags & TcpHeader.FIN) != 0 ? 1 : 0);

        // RFC 7323 §5.3 R1: PAWS
        if (hasTs && (flags & TcpHeader.RST) == 0 && c.timestamps.pawsRejects(opts.tsVal())) {
            c.ctx.stats().countDrop(DropReason.PAWS_REJECTED);
            reportIfDuplicate(seq, payloadLen);
            c.emitter.ack(now);
            return true;
        }

        // RFC 9293 §3.10.7.4 "first": sequence number acceptability
        long window = c.receiver().window();
        long rcvNxt = c.receiver().rcvNxt();
        boolean acceptable;
        if (segLen == 0) {
            acceptable = window == 0 ? seq == rcvNxt : seq >= rcvNxt && seq < rcvNxt + window;
        } else {
            acceptable = window > 0 && ((seq >= rcvNxt && seq < rcvNxt + window)
                    || (seq + segLen - 1 >= rcvNxt && seq + segLen - 1 < rcvNxt + window));
        }
        boolean zeroWindowAckOnly = !acceptable && window == 0 && seq == rcvNxt && (flags & TcpHeader.RST) == 0;
        if (!acceptable && !zeroWindowAckOnly) {
            c.ctx.stats().countDrop(DropReason.OUT_OF_WINDOW);
            if ((flags & TcpHeader.RST) != 0) {
                return true; // RFC 9293: an unacceptable RST is dropped without a word
            }
            if ((flags & TcpHeader.SYN) != 0) {
                c.emitter.challengeAck(now); // RFC 5961 §4.2: "irrespective of the sequence number"; rate-limited
            } else {
                reportIfDuplicate(seq, payloadLen);
                c.emitter.ack(now);
                if (c.state() == TcpState.TIME_WAIT && (flags & TcpHeader.FIN) != 0) {
                    // RFC 9293 §3.10.7.4 TIME-WAIT: a retransmitted FIN is ACKed and restarts the 2 MSL wait
                    c.timers.arm(TimerKind.TIME_WAIT, now + c.options.timeWaitNanos);
                }
            }
            return true;
        }

        // "second": RST, with RFC 5961 §3.2 (exact match resets, in-window gets a challenge ACK)
        if ((flags & TcpHeader.RST) != 0) {
            if (seq == rcvNxt) {
                if (c.state() == TcpState.SYN_RECEIVED && c.handshake.fastOpenChild()) {
                    c.closing.enterClosed(now, ConnectionError.RESET); // handed to the application already: its data stays readable
                } else if (c.state() == TcpState.SYN_RECEIVED && c.passive) {
                    c.abortQuietly(now); // RFC 9293: back to LISTEN, which for us means forget it
                } else if (c.state() == TcpState.SYN_RECEIVED) {
                    c.closing.enterClosed(now, ConnectionError.REFUSED); // RFC 9293: it came from SYN-SENT
                } else if (c.state() == TcpState.TIME_WAIT || c.state() == TcpState.CLOSING || c.state() == TcpState.LAST_ACK) {
                    c.closing.enterClosed(now, null);
                } else {
                    c.closing.enterClosed(now, ConnectionError.RESET);
                }
            } else {
                c.emitter.challengeAck(now);
            }
            return true;
        }

        // "fourth": SYN in a synchronized state, RFC 5961 §4.2: challenge ACK
        if ((flags & TcpHeader.SYN) != 0) {
            c.emitter.challengeAck(now);
            return true;
        }

        // "fifth": the ACK field
        if ((flags & TcpHeader.ACK) == 0) {
            c.ctx.stats().countDrop(DropReason.BAD_ACK);
            return true;
        }
        long ack = SeqNum.unwrap(tcp.ack(), snd.una());
        boolean handshakeAck = c.state() == TcpState.SYN_RECEIVED;
        if (handshakeAck) {
            if (ack <= snd.una() || ack > snd.nxt()) {
                c.ctx.stats().countDrop(DropReason.BAD_ACK);
                c.emitter.reset(tcp.ack(), 0, false);
                return true;
            }
            snd.windowFrom(seq, ack);
            if (c.handshake.accEcn()) {
                onAccEcnHandshakeAck(tcp, opts, payloadLen);
            }
            c.handshake.complete(now);
        }
        // RFC 5961 §5.2: ACKs outside [SND.UNA - MAX.SND.WND, SND.NXT] are discarded with an ACK
        // (Linux's tcp_ack drops one above SND.NXT silently: ackAboveSndNxt off)
        if (ack > snd.nxt() || ack < snd.una() - Math.max(snd.maxWindow(), 1)) {
            c.ctx.stats().countDrop(DropReason.BAD_ACK);
            if (ack > snd.nxt()) {
                if (c.options.ackAboveSndNxt) {
                    c.emitter.ack(now);
                }
            } else {
                c.emitter.challengeAck(now);
            }
            return true;
        }
        if (hasTs) {
            c.timestamps.updateRecent(seq, opts.tsVal());
        }
        if (c.state() == TcpState.TIME_WAIT) {
            if ((flags & TcpHeader.FIN) != 0) {
                c.emitter.ack(now); // a retransmitted FIN: acknowledge it and restart 2MSL
                c.timers.arm(TimerKind.TIME_WAIT, now + c.options.timeWaitNanos);
            }
            return true;
        }
        if (c.accReceiver.onPacket(ecn, payloadLen)) {
            c.receiver().requestImmediateAck(); // RFC 9768 §3.2.2.5.1: change- or increment-triggered
        }
        c.acks.onAck(now, ack, arriving.set(seq, flags, tcp, opts,
                hasTs ? opts.tsEcr() & 0xFFFFFFFFL : AckEvidence.NO_ECHO), handshakeAck && c.handshake.accEcn()
                && isPureWithoutSack(opts, payloadLen));
        onOurFinAcked(now);
        if (c.state() == TcpState.CLOSED) {
            return true;
        }

        // "seventh" and "eighth": text and FIN
        if (!zeroWindowAckOnly && (payloadLen > 0 || (flags & TcpHeader.FIN) != 0)) {
            onText(now, tcp, packet, seq, payloadLen, (flags & TcpHeader.FIN) != 0, flags, ecn);
        } else if (zeroWindowAckOnly) {
            c.receiver().requestImmediateAck(); // RFC 9293 §3.10.7.4: its text is not acceptable, so ACK it
        }
        afterInput(now);
        return true;
    }

    /**
     * The server's ACK of its SYN-ACK in AccECN mode: a pure ACK without SACK blocks carries the
     * handshake encoding of the SYN-ACK's IP-ECN field (RFC 9768 §3.2.2.1, table 4), and the first
     * segment to acknowledge our ISN tells whether the peer's options reach us (§3.2.3.2.3–4).
     */
    private void onAccEcnHandshakeAck(TcpHeader tcp, TcpOptions opts, int payloadLen) {
        if (isPureWithoutSack(opts, payloadLen)) {
            c.accSender.onHandshakeAck(TcpHeader.ace(tcp.flags()));
        }
        c.accSender.onFirstOptions(opts);
    }

    private static boolean isPureWithoutSack(TcpOptions opts, int payloadLen) {
        return payloadLen == 0 && opts.sackBlockCount() == 0;
    }

    /** After processing input: send what the windows allow, then any ACK still owed. */
    private void afterInput(long now) {
        if (c.state() == TcpState.CLOSED) {
            return;
        }
        c.sender.trySend(now);
        Receiver receiver = c.receiver();
        if (receiver.ackDue()) {
            c.emitter.ack(now);
        } else if (receiver.ackPending() && !c.timers.armed(TimerKind.DELAYED_ACK)) {
            c.timers.arm(TimerKind.DELAYED_ACK, now + c.options.delayedAckNanos);
        }
    }

    /** RFC 2883 §4: data wholly below RCV.NXT arrived again; say so in a D-SACK block. */
    private void reportIfDuplicate(long seq, int payloadLen) {
        if (payloadLen > 0 && seq + payloadLen <= c.receiver().rcvNxt()) {
            c.receiver().reportDuplicate(seq, seq + payloadLen);
        }
    }

    private void onText(long now, TcpHeader tcp, ByteBuf packet, long seq, int payloadLen, boolean fin, int flags,
                        int ecn) {
        if (!c.state().acceptsData()) {
            return; // RFC 9293 §3.10.7.4: text after the peer's FIN is ignored
        }
        if (c.handshake.exactCeEcho() && payloadLen > 0) {
            c.receiver().echoCeExactly(now, ecn == 3, c);
        } else if (c.sender.ecn() && !c.handshake.accEcn() && payloadLen > 0) {
            c.receiver().echoCe((flags & TcpHeader.CWR) != 0, ecn == 3);
        }
        int readableBefore = c.receiver().buffer().readable();
        boolean finNow = c.receiver().onSegment(now, seq, packet, tcp.payloadOffset(), payloadLen, fin, c.options.delayedAck);
        if (c.receiver().lastDrop() != null) {
            c.ctx.stats().countDrop(c.receiver().lastDrop()); // data discarded inside an acceptable segment: not silent
        }
        if (c.closing.readClosed() && c.receiver().buffer().readable() > 0) {
            c.receiver().buffer().skip(c.receiver().buffer().readable()); // closed for reading: acknowledged, discarded
        }
        if (finNow) {
            switch (c.state()) {
                case ESTABLISHED:
                    c.setState(TcpState.CLOSE_WAIT, now);
                    break;
                case FIN_WAIT_1:
                    c.setState(snd.finAcked() ? TcpState.TIME_WAIT : TcpState.CLOSING, now);
                    break;
                case FIN_WAIT_2:
                    c.setState(TcpState.TIME_WAIT, now);
                    break;
                default:
                    break;
            }
            if (c.state() == TcpState.TIME_WAIT) {
                c.closing.enterTimeWait(now);
            }
        }
        if (c.receiver().buffer().readable() > readableBefore || finNow) {
            c.handler().onReadable(c, now);
        }
    }

    /** Our FIN was acknowledged: RFC 9293 §3.10.7.4 "fifth", per state. */
    private void onOurFinAcked(long now) {
        if (!snd.finAcked()) {
            return;
        }
        switch (c.state()) {
            case FIN_WAIT_1:
                c.setState(TcpState.FIN_WAIT_2, now);
                if (c.closing.readClosed()) {
                    c.timers.arm(TimerKind.TIME_WAIT, now + c.options.timeWaitNanos); // FIN-WAIT-2 limit
                }
                break;
            case CLOSING:
                c.setState(TcpState.TIME_WAIT, now);
                c.closing.enterTimeWait(now);
                break;
            case LAST_ACK:
                c.closing.enterClosed(now, null);
                break;
            default:
                break;
        }
    }
}
