package io.tcplab.tools.experiment;

import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.ab.TcplabSender;
import io.tcplab.tools.replay.StackRecording;
import io.tcplab.tools.traffic.InputStreamSource;
import io.tcplab.tools.traffic.PatternInputStream;

/** A real run's tcplab sender: the variant's options, its trace into a {@link SenderLog}. */
final class TcplabFlow implements RealBulkFlowRun.Sender {
    private final TcplabSender sender;
    private final SenderLog log;

    private TcplabFlow(TcplabSender sender, SenderLog log) {
        this.sender = sender;
        this.log = log;
    }

    static TcplabFlow start(RealPath path, int port, DelaySpikeSpec spec, Variant variant, long origin,
                            StackRecording recording) {
        SenderLog log = new SenderLog(origin, spec.durationNanos());
        InputStreamSource source = new InputStreamSource(new PatternInputStream(spec.seed(), Long.MAX_VALUE));
        TcplabSender sender = TcplabSender.connect(path, port, spec.options(variant), spec.seed(),
                RealBulkFlowRun.MTU, source, log, "tcplab-spike-stack", recording);
        return new TcplabFlow(sender, log);
    }

    @Override
    public RealBulkFlowRun.Outcome stop() {
        sender.check("tcplab sender");
        sender.close(); // the driver thread has stopped: the log is ours to read
        return new RealBulkFlowRun.Outcome(log, log.counts());
    }

    @Override
    public void close() {
        sender.close();
    }
}
