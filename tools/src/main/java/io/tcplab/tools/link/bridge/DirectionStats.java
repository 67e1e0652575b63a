package io.tcplab.tools.link.bridge;

import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkCounters;
import io.tcplab.tools.link.LinkStats;

/**
 * What one direction of a {@link LinkBridge} did: the link's own counters plus what the device
 * at the far end took. {@code link.delivered} counts copies the link handed on (duplicates
 * included); {@code written} those the far device accepted, {@code writeDrops} those it refused,
 * and {@code inFlight} those still held for their arrival time when the snapshot was taken;
 * {@code queuedBytes} and {@code queuedPackets} what the link's queue held (not yet serialized) at
 * the bridge's latest round; {@code rateBitsPerSec} the link's rate then (a schedule may change it);
 * {@code earlyDropped} and {@code ectDropped} the AQM's drops (RED's, CoDel's, ...) and the queue drops of ECN-capable
 * packets so far; {@code ectOffered} the ECN-capable packets offered and {@code cwrOffered} the TCP
 * segments offered with CWR (see {@link LinkCounters#cwrOffered()}); {@code ectAboveMaxDropped} the
 * ECN-capable drops RED made at or above max.
 */
public record DirectionStats(String name, LinkStats link, long written, long writeDrops, long inFlight,
                             long queuedBytes, long queuedPackets, long rateBitsPerSec, long earlyDropped,
                             long ectDropped, long ectOffered, long cwrOffered, long ectAboveMaxDropped) {

    static DirectionStats of(String name, Link link, long written, long writeDrops, long inFlight,
                             long queuedBytes, long queuedPackets, long rateBitsPerSec) {
        LinkCounters c = link.counters();
        return new DirectionStats(name, link.stats(), written, writeDrops, inFlight, queuedBytes, queuedPackets,
                rateBitsPerSec, c.earlyDropped(), c.ectDropped(), c.ectOffered(), c.cwrOffered(),
                c.ectAboveMaxDropped());
    }

    public long offered() {
        return link.offeredPackets();
    }

    public long offeredBytes() {
        return link.offeredBytes();
    }

    public long delivered() {
        return link.delivered();
    }

    public long queueDropped() {
        return link.queueDropped();
    }

    /** Packets dropped by random and periodic loss together. */
    public long lost() {
        return link.lostRandom() + link.lostEvery();
    }

    /** The queue: {@code left->right queue: codel:..., sojourn p50 ... ms over 1188 packets}. */
    public String queueLine() {
        return name + " queue: " + link.queueLine();
    }

    /** One line: {@code left->right: offered 1200 (1800000 B), ..., written 1188, write-drops 0}. */
    public String line() {
        return name + ": " + link.line() + ", written " + written + ", write-drops " + writeDrops;
    }
}
