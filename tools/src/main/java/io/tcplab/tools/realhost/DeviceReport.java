package io.tcplab.tools.realhost;

import io.tcplab.tun.RealTimeDriver;

/**
 * The TUN device's side of a run, added to every {@code --json} report as {@code device}: whether
 * offloads ran, and how many packets each read and write system call moved (1 without offloads;
 * with them, super-segments carry many).
 *
 * @param offload "on", or "off" (asked off, or refused by the kernel: the announcement says which)
 * @param packetsPerRead packets the stack received per read(2), since the device was opened
 * @param packetsPerWrite packets the stack emitted per write(2), superseded ACKs included
 * @param acksSuperseded pure ACKs not written because a later one of the same burst superseded them
 * @param writeDrops packets the stack emitted that the kernel refused (lost between tcplab and the
 *     kernel, outside any path the run emulates)
 * @param malformedFrames frames read that made no sense and were dropped (offloads only)
 */
public record DeviceReport(String offload, long readCalls, long writeCalls, long packetsIn, long packetsOut,
                    long superSegmentsRead, long superSegmentsWritten, long acksSuperseded, long writeDrops,
                    long malformedFrames, double packetsPerRead, double packetsPerWrite) {

    /** A snapshot; the counters are the driver thread's, read here slightly stale. */
    public static DeviceReport of(RealTimeDriver d) {
        long reads = d.readCalls();
        long writes = d.writeCalls();
        return new DeviceReport(d.offloads() ? "on" : "off", reads, writes, d.packetsIn(), d.packetsOut(),
                d.superSegmentsRead(), d.superSegmentsWritten(), d.acksSuperseded(), d.writeDrops(),
                d.malformedFrames(), ratio(d.packetsIn(), reads),
                ratio(d.packetsOut() + d.writeDrops(), writes));
    }

    private static double ratio(long packets, long calls) {
        return calls == 0 ? 0 : Math.round(packets * 100.0 / calls) / 100.0;
    }
}
