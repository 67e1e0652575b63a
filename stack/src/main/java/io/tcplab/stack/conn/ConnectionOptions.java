package io.tcplab.stack.conn;

import io.tcplab.stack.cc.CongestionControl;
import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.recovery.LossDetectorProvider;
import io.tcplab.stack.recovery.LossDetectors;
import io.tcplab.stack.recovery.RackRtt;
import io.tcplab.stack.recovery.RackTlpProvider;
import io.tcplab.stack.rtt.RtoMinimum;
import io.tcplab.stack.spurious.SpuriousLossDetectorProvider;
import io.tcplab.stack.spurious.SpuriousLossDetectors;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Per-connection settings. Immutable; make one with {@link #builder()} or change one with
 * {@link #toBuilder()}. Defaults follow the RFCs; where they leave a choice, the default says so.
 */
public final class ConnectionOptions {
    private static final long MS = 1_000_000L;

    /**
     * The algorithm spec, {@code name[:key=value,...]}, with the profile's parameters for that
     * algorithm filled in where the spec leaves them out; with an injected factory, its name.
     */
    public final String congestionControl;
    /** The profile these defaults came from (io.tcplab.stack.profile), {@code today} without one. */
    public final String profile;
    /** Per algorithm name, the parameters {@code k=v,...} the profile gives it unless the spec says otherwise. */
    public final Map<String, String> algorithmDefaults;
    /** Makes this connection's algorithm: from the spec, or the factory the builder was given. */
    public final Supplier<CongestionControl> congestionControlFactory;
    private final boolean injected;
    public final boolean sack;
    public final boolean timestamps;
    public final boolean windowScale;
    /** ECN of either kind is asked for and accepted: {@link #ecnMode} is not {@link EcnMode#OFF}. */
    public final boolean ecn;
    /** Which ECN feedback the SYN asks for and the connection accepts (RFC 3168, RFC 9768). */
    public final EcnMode ecnMode;
    public final int sendBufferBytes;
    public final int receiveBufferBytes;
    public final boolean nagle;
    public final boolean delayedAck;
    public final long delayedAckNanos;
    /** The first data segments of a connection that are acknowledged at once (Linux's quick-ack mode). */
    public final int quickAckSegments;
    /** Proportional Rate Reduction (RFC 6937) paces sending during fast recovery instead of RFC 6675's pipe < cwnd. */
    public final boolean prr;
    /** How PRR bounds sending once pipe is at or below ssthresh (docs/stack.md, profile {@code linux}). */
    public final PrrBound prrBound;
    /**
     * RFC 6675 §4 NextSeg rule 4: one rescue retransmission of the highest outstanding segment per
     * recovery when nothing else may go. Linux has none.
     */
    public final boolean rescueRetransmission;
    /**
     * An ACK above SND.NXT is discarded with an ACK back (RFC 9293 §3.10.7.4, RFC 5961 §5.2); off:
     * discarded silently, as Linux's tcp_ack does.
     */
    public final boolean ackAboveSndNxt;
    /**
     * Which delivered segment's RTT RACK waits with (RFC 8985's newest, or Linux's last), as the
     * profile sets it: the default of the {@code rtt} parameter of {@link #recovery}'s RACK spec,
     * which is what the connection runs.
     */
    public final RackRtt rackRtt;
    /**
     * An Eifel undo of a fast retransmit (the ACK that filled the hole echoes the original's
     * timestamp) counts as reordering seen for RACK's reordering window, as Linux's
     * tcp_try_undo_partial does; off: only a never-retransmitted segment delivered below RACK.fack
     * counts (RFC 8985 §6.2 step 2). As the profile sets it: the default of RACK's
     * {@code undo_reordering} parameter in {@link #recovery}.
     */
    public final boolean undoShowsReordering;
    /**
     * Added to RACK's reordering timer and to the probe timeout of several segments: 0 in RFC
     * 8985, Linux's TCP_TIMEOUT_MIN_US (2 ms) as the profile sets it: the default of RACK's
     * {@code slack_us} parameter in {@link #recovery}.
     */
    public final long rackTimerSlackNanos;
    /**
     * Without SACK, duplicate ACKs stand for delivered segments and a cumulative ACK credits the
     * algorithm only with the rest, at least one segment (Linux tcp_add_reno_sack and
     * tcp_remove_reno_sacks); off: with every byte it covers (RFC 5681 §3.1, RFC 3465).
     */
    public final boolean dupAckCredit;
    /** When the window counts as limiting sending, which lets the algorithm grow it (RFC 7661 per ACK, or Linux per round). */
    public final CwndLimited cwndLimited;
    /** What holds back a small segment under Nagle: any unacknowledged data (RFC 9293), or a small segment (Linux). */
    public final NagleTest nagleTest;
    /** How a paced sender groups segments: one by one (tcplab), or in Linux's TSO-sized bursts. */
    public final PacingBurst pacingBurst;
    public final int initialWindowSegments;
    /**
     * The MSS we announce over IPv4: the largest segment payload we accept (RFC 9293 §3.7.1),
     * MTU − 40. Over IPv6 the connection announces 20 bytes less (MTU − 60), for the same MTU.
     */
    public final int mss;
    public final long initialRtoNanos;
    public final long minRtoNanos;
    /** What {@link #minRtoNanos} bounds: the RTO (RFC 6298 §2.4) or its variance term (Linux). */
    public final RtoMinimum rtoMinimum;
    public final long maxRtoNanos;
    /** Retransmissions of one segment before the connection is aborted (RFC 9293 §3.8.3 R2). */
    public final int maxRetries;
    public final int synRetries;
    public final long keepAliveIdleNanos;
    public final long keepAliveIntervalNanos;
    public final int keepAliveProbes;
    /** 2*MSL, the TIME-WAIT duration (RFC 9293 §3.4.2). */
    public final long timeWaitNanos;
    /** The tick of our TSval clock (RFC 7323 §5.4 asks for 1 ms to 1 s). */
    public final long timestampTickNanos;
    /**
     * The loss detector's spec (with SACK; NewReno without), {@code name[:key=value,...]}: one of
     * {@link LossDetectors#names()}, RACK's with {@link #rackRtt} and {@link #undoShowsReordering}
     * filled in where they are not RFC 8985's; with an injected provider, its name and parameters.
     */
    public final String recovery;
    /** Makes this connection's loss detector: from the spec, or the provider the builder was given. */
    public final LossDetectorProvider.Factory recoveryFactory;
    private final boolean recoveryInjected;
    /**
     * The spurious-loss detectors that may undo a reduction (RFC 4015 response), their specs in
     * the order they judge each ACK ({@link SpuriousLossDetectors}); empty: none.
     */
    public final List<String> spurious;
    /** Makes this connection's spurious-loss detectors, one factory per entry of {@link #spurious}. */
    public final List<SpuriousLossDetectorProvider.Factory> spuriousFactories;
    /**
     * Internal pacing at Linux's ratios when the algorithm gives no pacing rate of its own (an
     * algorithm's own rate is always honoured).
     */
    public final boolean pacing;
    /**
     * RFC 5681 §4.1: after an idle period longer than the RTO the window restarts from the
     * restart window; off: it is kept (Linux tcp_slow_start_after_idle = 0).
     */
    public final boolean slowStartAfterIdle;
    /**
     * RFC 8257 §3.2 exact CE echo for DCTCP: ECE mirrors the CE mark of the last data segment (an
     * ACK is sent at once when that changes) instead of RFC 3168's latch until CWR. Negotiated by
     * default: a DCTCP sender asks in its SYN and a tcplab receiver agrees (docs/stack.md).
     */
    public final ExactCeEcho exactCeEcho;
    /** TCP Fast Open (RFC 7413): off by default; what an active open asks for and a listener grants. */
    public final FastOpen fastOpen;

    private ConnectionOptions(Builder b) {
        congestionControl = b.congestionControl;
        profile = b.profile;
        algorithmDefaults = Collections.unmodifiableMap(new LinkedHashMap<>(b.algorithmDefaults));
        congestionControlFactory = b.congestionControlFactory;
        injected = b.injected;
        sack = b.sack;
        timestamps = b.timestamps;
        windowScale = b.windowScale;
        ecnMode = b.ecnMode;
        ecn = ecnMode != EcnMode.OFF;
        sendBufferBytes = b.sendBufferBytes;
        receiveBufferBytes = b.receiveBufferBytes;
        nagle = b.nagle;
        delayedAck = b.delayedAck;
        delayedAckNanos = b.delayedAckNanos;
        quickAckSegments = b.quickAckSegments;
        prr = b.prr;
        prrBound = b.prrBound;
        rescueRetransmission = b.rescueRetransmission;
        ackAboveSndNxt = b.ackAboveSndNxt;
        rackRtt = b.rackRtt;
        undoShowsReordering = b.undoShowsReordering;
        rackTimerSlackNanos = b.rackTimerSlackNanos;
        dupAckCredit = b.dupAckCredit;
        cwndLimited = b.cwndLimited;
        nagleTest = b.nagleTest;
        pacingBurst = b.pacingBurst;
        initialWindowSegments = b.initialWindowSegments;
        mss = b.mss;
        initialRtoNanos = b.initialRtoNanos;
        minRtoNanos = b.minRtoNanos;
        rtoMinimum = b.rtoMinimum;
        maxRtoNanos = b.maxRtoNanos;
        maxRetries = b.maxRetries;
        synRetries = b.synRetries;
        keepAliveIdleNanos = b.keepAliveIdleNanos;
        keepAliveIntervalNanos = b.keepAliveIntervalNanos;
        keepAliveProbes = b.keepAliveProbes;
        timeWaitNanos = b.timeWaitNanos;
        timestampTickNanos = b.timestampTickNanos;
        recovery = b.recovery;
        recoveryFactory = b.recoveryFactory;
        recoveryInjected = b.recoveryInjected;
        spurious = List.copyOf(b.spurious);
        spuriousFactories = List.copyOf(b.spuriousFactories);
        pacing = b.pacing;
        slowStartAfterIdle = b.slowStartAfterIdle;
        exactCeEcho = b.exactCeEcho;
        fastOpen = b.fastOpen;
    }

    /** The algorithm was handed in as a factory, not named by spec. */
    boolean injected() {
        return injected;
    }

    /** The loss detector was handed in as a provider, not named by spec. */
    boolean recoveryInjected() {
        return recoveryInjected;
    }

    public static ConnectionOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.congestionControl = congestionControl;
        b.profile = profile;
        b.algorithmDefaults = new LinkedHashMap<>(algorithmDefaults);
        b.congestionControlFactory = congestionControlFactory;
        b.injected = injected;
        b.sack = sack;
        b.timestamps = timestamps;
        b.windowScale = windowScale;
        b.ecnMode = ecnMode;
        b.sendBufferBytes = sendBufferBytes;
        b.receiveBufferBytes = receiveBufferBytes;
        b.nagle = nagle;
        b.delayedAck = delayedAck;
        b.delayedAckNanos = delayedAckNanos;
        b.quickAckSegments = quickAckSegments;
        b.prr = prr;
        b.prrBound = prrBound;
        b.rescueRetransmission = rescueRetransmission;
        b.ackAboveSndNxt = ackAboveSndNxt;
        b.rackRtt = rackRtt;
        b.undoShowsReordering = undoShowsReordering;
        b.rackTimerSlackNanos = rackTimerSlackNanos;
        b.dupAckCredit = dupAckCredit;
        b.cwndLimited = cwndLimited;
        b.nagleTest = nagleTest;
        b.pacingBurst = pacingBurst;
        b.initialWindowSegments = initialWindowSegments;
        b.mss = mss;
        b.initialRtoNanos = initialRtoNanos;
        b.minRtoNanos = minRtoNanos;
        b.rtoMinimum = rtoMinimum;
        b.maxRtoNanos = maxRtoNanos;
        b.maxRetries = maxRetries;
        b.synRetries = synRetries;
        b.keepAliveIdleNanos = keepAliveIdleNanos;
        b.keepAliveIntervalNanos = keepAliveIntervalNanos;
        b.keepAliveProbes = keepAliveProbes;
        b.timeWaitNanos = timeWaitNanos;
        b.timestampTickNanos = timestampTickNanos;
        b.recovery = recovery;
        b.recoveryFactory = recoveryFactory;
        b.recoveryInjected = recoveryInjected;
        b.spurious = spurious;
        b.spuriousFactories = spuriousFactories;
        b.pacing = pacing;
        b.slowStartAfterIdle = slowStartAfterIdle;
        b.exactCeEcho = exactCeEcho;
        b.fastOpen = fastOpen;
        return b;
    }

    /** Mutable builder; {@link #build()} checks every value and names the one out of range. */
    public static final class Builder {
        private String congestionControl = "reno";
        private String profile = "today";
        private Map<String, String> algorithmDefaults = new LinkedHashMap<>();
        private Supplier<CongestionControl> congestionControlFactory;
        private boolean injected;
        private boolean sack = true;
        private boolean timestamps = true;
        private boolean windowScale = true;
        private EcnMode ecnMode = EcnMode.OFF;
        private int sendBufferBytes = 4 << 20;
        private int receiveBufferBytes = 4 << 20;
        private boolean nagle = true;
        private boolean delayedAck = true;
        private long delayedAckNanos = 40 * MS; // Linux's minimum ATO; RFC 9293 allows up to 500 ms
        private int quickAckSegments = 0; // off: RFC 5681 §4.2 delays from the first segment
        private boolean prr = false; // RFC 6937 is Experimental; RFC 6675 recovery is the default
        private PrrBound prrBound = PrrBound.SSRB; // RFC 6937 §3's recommended bound
        private boolean rescueRetransmission = true; // RFC 6675 §4 NextSeg rule 4
        private boolean ackAboveSndNxt = true; // RFC 5961 §5.2: MUST be discarded and an ACK sent back
        private RackRtt rackRtt = RackRtt.NEWEST; // RFC 8985 §6.2 step 2
        private boolean undoShowsReordering = false; // RFC 8985 §6.2 step 2: never-retransmitted segments only
        private long rackTimerSlackNanos = 0; // RFC 8985 §6.3, §7.2: the timers as computed
        private boolean dupAckCredit = false; // RFC 5681 §3.1: the bytes the cumulative ACK covers
        private CwndLimited cwndLimited = CwndLimited.PIPE_ACK; // RFC 7661 §4.3
        private NagleTest nagleTest = NagleTest.RFC; // RFC 9293 §3.7.4
        private PacingBurst pacingBurst = PacingBurst.SPREAD; // no RFC paces: the smoothest spacing
        private int initialWindowSegments = 10; // RFC 6928
        private int mss = 1460;
        private long initialRtoNanos = 1000 * MS; // RFC 6298 §2.1
        private long minRtoNanos = 1000 * MS; // RFC 6298 §2.4 (Linux uses 200 ms)
        private RtoMinimum rtoMinimum = RtoMinimum.RTO; // RFC 6298 §2.4
        private long maxRtoNanos = 60_000 * MS; // RFC 6298 §2.5
        private int maxRetries = 15; // Linux tcp_retries2
        private int synRetries = 6; // Linux tcp_syn_retries
        private long keepAliveIdleNanos = 0; // off (RFC 9293 §3.8.4: MUST default to off)
        private long keepAliveIntervalNanos = 75_000 * MS;
        private int keepAliveProbes = 9;
        private long timeWaitNanos = 60_000 * MS; // Linux TCP_TIMEWAIT_LEN
        private long timestampTickNanos = MS;
        private String recovery = LossDetectors.DEFAULT; // RFC 8985, as Linux
        private LossDetectorProvider.Factory recoveryFactory;
        private boolean recoveryInjected;
        // Linux undoes with timestamps and D-SACK and runs F-RTO (tcp_frto = 2) by default
        private List<String> spurious = SpuriousLossDetectors.split(SpuriousLossDetectors.DEFAULT);
        private List<SpuriousLossDetectorProvider.Factory> spuriousFactories =
                SpuriousLossDetectors.factories(SpuriousLossDetectors.DEFAULT);
        private boolean pacing = false; // on by default for TUN endpoints (serve, send)
        private boolean slowStartAfterIdle = true; // RFC 5681 §4.1 (SHOULD); Linux's default too
        private ExactCeEcho exactCeEcho = ExactCeEcho.NEGOTIATE; // RFC 3168 unless asked (DCTCP)
        private FastOpen fastOpen = FastOpen.OFF; // RFC 7413 is Experimental: every handshake is RFC 9293's

        public Builder congestionControl(String spec) {
            congestionControl = spec;
            injected = false;
            return this;
        }
        /**
         * Injects the algorithm as a factory (one instance per connection), for algorithms that are
         * not on the class path or need constructor arguments; its {@code name()} becomes the spec.
         */
        public Builder congestionControl(Supplier<CongestionControl> factory) {
            congestionControlFactory = java.util.Objects.requireNonNull(factory, "factory");
            congestionControl = factory.get().name();
            injected = true;
            return this;
        }
        /** Names the profile that set this builder's defaults (reports show it). */
        public Builder profile(String name) { profile = java.util.Objects.requireNonNull(name, "profile"); return this; }
        /** Parameters {@code k=v,...} for {@code algorithm} that its spec's own parameters override. */
        public Builder algorithmDefaults(String algorithm, String parameters) {
            algorithmDefaults.put(algorithm.trim().toLowerCase(Locale.ROOT), parameters);
            return this;
        }
        public Builder sack(boolean on) { sack = on; return this; }
        public Builder timestamps(boolean on) { timestamps = on; return this; }
        public Builder windowScale(boolean on) { windowScale = on; return this; }
        /** Classic ECN (RFC 3168) on, or no ECN. */
        public Builder ecn(boolean on) { ecnMode = on ? EcnMode.CLASSIC : EcnMode.OFF; return this; }
        public Builder ecnMode(EcnMode mode) { ecnMode = java.util.Objects.requireNonNull(mode, "ecnMode"); return this; }
        public Builder sendBufferBytes(int bytes) { sendBufferBytes = bytes; return this; }
        public Builder receiveBufferBytes(int bytes) { receiveBufferBytes = bytes; return this; }
        public Builder nagle(boolean on) { nagle = on; return this; }
        public Builder delayedAck(boolean on) { delayedAck = on; return this; }
        public Builder delayedAckNanos(long nanos) { delayedAckNanos = nanos; return this; }
        public Builder quickAckSegments(int segments) { quickAckSegments = segments; return this; }
        public Builder prr(boolean on) { prr = on; return this; }
        public Builder prrBound(PrrBound bound) { prrBound = bound; return this; }
        public Builder rescueRetransmission(boolean on) { rescueRetransmission = on; return this; }
        public Builder ackAboveSndNxt(boolean on) { ackAboveSndNxt = on; return this; }
        public Builder rackRtt(RackRtt which) { rackRtt = which; return this; }
        public Builder undoShowsReordering(boolean on) { undoShowsReordering = on; return this; }
        public Builder rackTimerSlackNanos(long nanos) { rackTimerSlackNanos = nanos; return this; }
        public Builder dupAckCredit(boolean on) { dupAckCredit = on; return this; }
        public Builder cwndLimited(CwndLimited rule) { cwndLimited = rule; return this; }
        public Builder nagleTest(NagleTest test) { nagleTest = test; return this; }
        public Builder pacingBurst(PacingBurst burst) { pacingBurst = burst; return this; }
        public Builder initialWindowSegments(int segments) { initialWindowSegments = segments; return this; }
        public Builder mss(int bytes) { mss = bytes; return this; }
        public Builder initialRtoNanos(long nanos) { initialRtoNanos = nanos; return this; }
        public Builder minRtoNanos(long nanos) { minRtoNanos = nanos; return this; }
        public Builder rtoMinimum(RtoMinimum bounds) { rtoMinimum = bounds; return this; }
        public Builder maxRtoNanos(long nanos) { maxRtoNanos = nanos; return this; }
        public Builder maxRetries(int retries) { maxRetries = retries; return this; }
        public Builder synRetries(int retries) { synRetries = retries; return this; }
        public Builder keepAlive(long idleNanos, long intervalNanos, int probes) {
            keepAliveIdleNanos = idleNanos;
            keepAliveIntervalNanos = intervalNanos;
            keepAliveProbes = probes;
            return this;
        }
        public Builder timeWaitNanos(long nanos) { timeWaitNanos = nanos; return this; }
        public Builder timestampTickNanos(long nanos) { timestampTickNanos = nanos; return this; }
        /** The loss detector by spec, {@code name[:key=value,...]} (checked in {@link #build()}). */
        public Builder recovery(String spec) {
            recovery = java.util.Objects.requireNonNull(spec, "recovery");
            recoveryInjected = false;
            return this;
        }
        /** A detector whose provider need not be on the class path, with {@code key=value,...} parameters. */
        public Builder recovery(LossDetectorProvider provider, String parameters) {
            recoveryFactory = LossDetectors.factory(provider, parameters);
            recovery = parameters.isBlank() ? provider.name() : provider.name() + ":" + parameters;
            recoveryInjected = true;
            return this;
        }
        /** {@code off} or detectors by spec, comma-separated ({@link SpuriousLossDetectors}); checked now. */
        public Builder spurious(String spec) {
            spurious = SpuriousLossDetectors.split(spec);
            spuriousFactories = SpuriousLossDetectors.factories(spec);
            return this;
        }
        public Builder pacing(boolean on) { pacing = on; return this; }
        public Builder slowStartAfterIdle(boolean on) { slowStartAfterIdle = on; return this; }
        public Builder exactCeEcho(ExactCeEcho mode) { exactCeEcho = mode; return this; }
        public Builder fastOpen(FastOpen f) { fastOpen = java.util.Objects.requireNonNull(f, "fastOpen"); return this; }

        public ConnectionOptions build() {
            if (!injected) {
                congestionControl = CongestionControls.withDefaults(congestionControl, algorithmDefaults);
                congestionControlFactory = CongestionControls.factory(congestionControl);
            }
            if (!recoveryInjected) {
                recovery = LossDetectors.withDefaults(recovery, Map.of(RackTlpProvider.NAME, rackDefaults()));
                recoveryFactory = LossDetectors.factory(recovery);
            }
            require(sendBufferBytes >= 1024 && sendBufferBytes <= (1 << 30), "sendBufferBytes", "1 KiB to 1 GiB");
            require(receiveBufferBytes >= 1024 && receiveBufferBytes <= (1 << 30), "receiveBufferBytes", "1 KiB to 1 GiB");
            require(delayedAckNanos > 0 && delayedAckNanos <= 500 * MS, "delayedAckNanos", "1 ns to 500 ms (RFC 9293 §3.8.6.3)");
            require(quickAckSegments >= 0 && quickAckSegments <= 1000, "quickAckSegments", "0 to 1000");
            require(initialWindowSegments >= 1 && initialWindowSegments <= 100_000, "initialWindowSegments", "1 to 100000");
            require(mss >= 88 && mss <= 65495, "mss", "88 to 65495 bytes");
            require(minRtoNanos > 0 && minRtoNanos <= maxRtoNanos, "minRtoNanos", "positive and at most maxRtoNanos");
            require(initialRtoNanos >= minRtoNanos && initialRtoNanos <= maxRtoNanos, "initialRtoNanos", "between minRto and maxRto");
            require(maxRetries >= 1 && maxRetries <= 100, "maxRetries", "1 to 100");
            require(synRetries >= 1 && synRetries <= 100, "synRetries", "1 to 100");
            require(keepAliveIdleNanos >= 0 && keepAliveIntervalNanos > 0 && keepAliveProbes >= 1, "keepAlive",
                    "idle >= 0 (0 = off), interval > 0, probes >= 1");
            require(timeWaitNanos >= 0, "timeWaitNanos", ">= 0");
            require(prrBound != null, "prrBound", "one of SSRB, LINUX");
            require(rackRtt != null, "rackRtt", "one of NEWEST, LAST");
            require(cwndLimited != null, "cwndLimited", "one of PIPE_ACK, ROUND");
            require(nagleTest != null, "nagleTest", "one of RFC, MINSHALL");
            require(pacingBurst != null, "pacingBurst", "one of SPREAD, TSO");
            require(rtoMinimum != null, "rtoMinimum", "one of RTO, VARIANCE");
            require(rackTimerSlackNanos >= 0 && rackTimerSlackNanos <= 1_000_000_000L && rackTimerSlackNanos % 1000 == 0,
                    "rackTimerSlackNanos", "0 to 1 s in whole microseconds");
            require(exactCeEcho != null, "exactCeEcho", "one of OFF, NEGOTIATE, ON");
            require(timestampTickNanos >= 1000 && timestampTickNanos <= 1_000_000_000L, "timestampTickNanos", "1 us to 1 s");
            return new ConnectionOptions(this);
        }

        /** RACK's parameters where this builder's settings are not RFC 8985's (a profile set them). */
        private String rackDefaults() {
            StringBuilder b = new StringBuilder();
            if (rackRtt == RackRtt.LAST) {
                b.append("rtt=last");
            }
            if (undoShowsReordering) {
                b.append(b.length() > 0 ? "," : "").append("undo_reordering=on");
            }
            if (rackTimerSlackNanos > 0) {
                b.append(b.length() > 0 ? "," : "").append("slack_us=").append(rackTimerSlackNanos / 1000);
            }
            return b.toString();
        }

        private static void require(boolean ok, String field, String allowed) {
            if (!ok) {
                throw new IllegalArgumentException(field + " must be " + allowed);
            }
        }
    }
}
