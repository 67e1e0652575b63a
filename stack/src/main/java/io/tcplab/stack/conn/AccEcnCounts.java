package io.tcplab.stack.conn;

/**
 * What Accurate ECN (RFC 9768 §3.2) counted on a connection, each from its initial value (so a
 * count of marks or bytes, never the wire's offset values): as the Data Sender learned it from the
 * peer's feedback (s.cep − 5, s.ceb, s.e0b − 1, s.e1b − 1) and as the Data Receiver counted what
 * arrived (r.cep − 5, ...). All zero without AccECN.
 */
public record AccEcnCounts(
        /** CE-marked packets of ours the peer fed back (after the wrap safety of §3.2.2.5.2). */
        long cePackets,
        long ceBytes,
        long ect0Bytes,
        long ect1Bytes,
        /** CE-marked packets that reached us (a CE-marked SYN-ACK included, §3.2.2.2). */
        long receivedCePackets,
        long receivedCeBytes,
        long receivedEct0Bytes,
        long receivedEct1Bytes,
        /** The peer's AccECN options reach us (§3.2.3.2.3); false: they were stripped, zeroed or never sent. */
        boolean optionsSeen,
        /** We stopped sending ECT: an invalid IP-ECN transition or a handshake without ECN flags (§3.2.2.3, §3.1.5). */
        boolean ectDisabled,
        /** We stopped responding to the feedback: the ACE field was zeroed (§3.2.2.4). */
        boolean responseDisabled) {

    static AccEcnCounts of(AccEcnSender s, AccEcnReceiver r) {
        return new AccEcnCounts(s.cePackets(), s.ceBytes(), s.ect0Bytes(), s.ect1Bytes(), r.cePackets(),
                r.ceBytes(), r.ect0Bytes(), r.ect1Bytes(), s.optionsAvailable(), s.on() && !s.ectAllowed(),
                s.on() && !s.responds());
    }
}
