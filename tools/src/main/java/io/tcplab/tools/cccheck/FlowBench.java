package io.tcplab.tools.cccheck;

import io.tcplab.stack.TcpStack;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.trace.TraceListener;
import io.tcplab.tools.emu.Dumbbell;
import io.tcplab.tools.emu.HostNode;
import io.tcplab.tools.emu.Network;
import io.tcplab.tools.emu.StackHost;
import io.tcplab.tools.emu.Topologies;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.scenario.TransferRunner;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.OutputStreamSink;
import io.tcplab.tools.traffic.PatternInputStream;
import java.io.OutputStream;
import java.util.function.IntFunction;

/**
 * N endless bulk flows, all started at time 0 with the same settings, through one emulated
 * bottleneck (the {@link Dumbbell}: access links add no delay, rate limit or queue, so the
 * bottleneck is the whole path). The checks' own small helper: each sender's trace goes to a
 * listener, the bottleneck link is open to sampling, the receivers only count bytes.
 */
final class FlowBench {
    private static final int PORT = 5001;
    private static final long SEED = 1;

    private final Network network;
    private final OutputStreamSink[] sinks;

    FlowBench(int flows, LinkParams bottleneck, LinkParams reverse, ConnectionOptions options,
              IntFunction<TraceListener> traces) {
        this(flows, bottleneck, reverse, options, options, traces);
    }

    /** With the receivers' connections made with their own options (e.g. another algorithm). */
    FlowBench(int flows, LinkParams bottleneck, LinkParams reverse, ConnectionOptions options,
              ConnectionOptions receiverOptions, IntFunction<TraceListener> traces) {
        this(flows, bottleneck, reverse, i -> options, i -> receiverOptions, traces);
    }

    /** Flow {@code i}'s sender and receiver with options of their own (e.g. an L4S flow beside a classic one). */
    FlowBench(int flows, LinkParams bottleneck, LinkParams reverse, IntFunction<ConnectionOptions> senderOptions,
              IntFunction<ConnectionOptions> receiverOptions, IntFunction<TraceListener> traces) {
        network = Topologies.dumbbell(SEED, flows).bottleneck(bottleneck, reverse)
                .senders(i -> StackHost.factory(TransferRunner.stackConfig(SEED, Dumbbell.senderAddress(i), "s" + i,
                        senderOptions.apply(i), -1)))
                .receivers(i -> StackHost.factory(TransferRunner.stackConfig(SEED, Dumbbell.receiverAddress(i),
                        "r" + i, receiverOptions.apply(i), -1)))
                .build();
        sinks = new OutputStreamSink[flows];
        for (int i = 0; i < flows; i++) {
            OutputStreamSink sink = new OutputStreamSink(OutputStream.nullOutputStream());
            sinks[i] = sink;
            ConnectionOptions options = senderOptions.apply(i);
            stack("r" + i).listen(PORT, receiverOptions.apply(i), (connection, now) -> sink);
            HostNode sender = network.host("s" + i);
            TcpStack stack = stack("s" + i);
            byte[] to = Dumbbell.receiverAddress(i);
            TraceListener trace = traces.apply(i);
            InputStreamSource source = new InputStreamSource(new PatternInputStream(SEED + i, Long.MAX_VALUE));
            sender.at(0, () -> {
                var c = stack.connect(0, to, PORT, options, source);
                if (trace != null) {
                    c.setTraceListener(trace);
                }
            });
        }
    }

    private TcpStack stack(String host) {
        return ((StackHost) network.host(host).host()).stack();
    }

    Network network() {
        return network;
    }

    /** The shared link, left to right (data). */
    Link bottleneck() {
        return network.link("bottleneck");
    }

    /** Bytes all receivers have read so far. */
    long delivered() {
        long sum = 0;
        for (OutputStreamSink s : sinks) {
            sum += s.received();
        }
        return sum;
    }

    /** Bytes flow {@code i}'s receiver has read so far. */
    long delivered(int i) {
        return sinks[i].received();
    }

    /** Runs every flow until {@code nanos} of virtual time. */
    void runUntil(long nanos) {
        network.scheduler().runUntil(nanos);
    }

    /** Calls {@code sample} every {@code periodNanos} from {@code fromNanos} to {@code toNanos}. */
    void every(long fromNanos, long toNanos, long periodNanos, Runnable sample) {
        for (long t = fromNanos; t <= toNanos; t += periodNanos) {
            network.at(t, sample);
        }
    }
}
