package io.tcplab.tools.scenario;

import io.tcplab.stack.conn.Connection;
import io.tcplab.stack.conn.ConnectionInfo;
import io.tcplab.tools.link.Seeds;
import io.tcplab.tools.traffic.ByteCounter;
import io.tcplab.tools.traffic.DiscardSink;
import io.tcplab.tools.traffic.OnOffSwitch;
import io.tcplab.tools.traffic.WebTraffic;
import io.tcplab.tools.traffic.ZeroSource;
import java.util.SplittableRandom;

/**
 * Runs one flow's application on its hosts: a listening {@link DiscardSink} on the receiver,
 * and at the start time the sender's traffic (a {@link ZeroSource}, switched on and off for
 * on/off traffic, or {@link WebTraffic}); at the stop time the source closes.
 */
final class FlowDriver {
    static final int PORT = 5001;
    private final FlowHosts hosts;
    private final ByteCounter delivered = new ByteCounter();
    private Connection connection;
    private WebTraffic web;

    FlowDriver(FlowHosts hosts, byte[] scratch, long seed) {
        this.hosts = hosts;
        FlowSpec flow = hosts.flow();
        hosts.receiverStack().listen(PORT, hosts.options(), (c, now) -> new DiscardSink(delivered, scratch, null));
        SplittableRandom random = new SplittableRandom(Seeds.derive(seed, "traffic", flow.name()));
        hosts.sender().at(flow.startNanos(), () -> start(flow, random));
    }

    private void start(FlowSpec flow, SplittableRandom random) {
        long now = flow.startNanos();
        TrafficSpec traffic = flow.traffic();
        if (traffic instanceof TrafficSpec.Web w) {
            web = new WebTraffic(w.model(), hosts.sender(), hosts.senderStack(), hosts.receiverAddress(), PORT,
                    hosts.options(), random, flow.stopNanos());
            web.start(now);
        } else if (traffic instanceof TrafficSpec.Fixed f) {
            connect(now, new ZeroSource(f.bytes()), flow);
        } else if (traffic instanceof TrafficSpec.OnOff o) {
            ZeroSource source = connect(now, ZeroSource.unlimited(), flow);
            new OnOffSwitch(hosts.sender(), source, random, o.onNanos(), o.offNanos(), o.exponential(),
                    flow.stopNanos()).start(now);
        } else {
            connect(now, ZeroSource.unlimited(), flow);
        }
    }

    private ZeroSource connect(long now, ZeroSource source, FlowSpec flow) {
        connection = hosts.senderStack().connect(now, hosts.receiverAddress(), PORT, hosts.options(), source);
        if (flow.stopNanos() != Long.MAX_VALUE) {
            hosts.sender().at(flow.stopNanos(), () -> source.stop(flow.stopNanos()));
        }
        return source;
    }

    long delivered() {
        return delivered.bytes();
    }

    long cwnd() {
        return connection == null ? 0 : connection.info().cwndBytes();
    }

    FlowSeries series(long[] deliveredSeries, long[] cwndSeries) {
        ConnectionInfo info = connection == null ? null : connection.info();
        FlowSeries.WebCounts counts = web == null ? null
                : new FlowSeries.WebCounts(web.pages(), web.objects(), web.connections());
        return new FlowSeries(hosts.flow(), hosts.baseRttNanos(), deliveredSeries, cwndSeries, info, counts, null,
                hosts.receiver().ceReceived());
    }
}
