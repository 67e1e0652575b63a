package io.tcplab.tools.scenario.real;

import io.tcplab.stack.conn.EcnMode;
import io.tcplab.tools.ab.RealPath;
import io.tcplab.tools.scenario.FlowPath;
import io.tcplab.tools.scenario.FlowSpec;
import io.tcplab.tools.scenario.LinkEvent;
import io.tcplab.tools.scenario.LinkSpec;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioException;
import io.tcplab.tools.scenario.TopologySpec;
import io.tcplab.tools.scenario.TrafficSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What of a (scaled) scenario runs in real mode, and how its senders are grouped. Refused, as one
 * line naming the field (exit code 2): events on access links, a kernel flow whose algorithm the
 * kernel lacks or that carries parameters. Left out, and said: web and on/off traffic, flows that
 * start after the run's (capped) end.
 *
 * <p>Senders that share a sender namespace must share its router, its one-way access delay (the
 * flow's RTT) and, for kernel sockets, the namespace's settings (default algorithm, tcp_ecn,
 * tcp_sack, tcp_timestamps): each such combination is one {@link Group}.
 *
 * @param flows    the flows that run, in scenario order
 * @param leftOut  "name (why)" for each flow left out
 * @param groups   the sender namespaces
 */
public record RealPlan(List<FlowSpec> flows, List<String> leftOut, List<Group> groups) {
    /**
     * One sender namespace: the router it attaches to, its access delay each way (the receiver's
     * access delay folded in), the kernel's settings there (algorithm null for tcplab senders), and
     * its flows (indices into {@link #flows}).
     */
    public record Group(int index, String router, long oneWayNanos, String kernelAlgorithm, EcnMode ecn,
                        boolean sack, boolean timestamps, List<Integer> flows) {
        public boolean kernel() {
            return kernelAlgorithm != null;
        }
    }

    public static RealPlan of(Scenario s, String fileName, List<String> kernelAlgorithms) {
        TopologySpec topology = s.topology();
        List<String> links = topology.links().stream().map(LinkSpec::name).toList();
        for (int i = 0; i < s.events().size(); i++) {
            LinkEvent e = s.events().get(i);
            if (!links.contains(e.link())) {
                throw new ScenarioException(fileName + ": events[" + i + "].link: '" + e.link()
                        + "' does not change in real mode (allowed there: the topology's links " + String.join(", ", links)
                        + "; access links carry delay only)");
            }
        }
        List<FlowSpec> flows = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (FlowSpec f : s.flows()) {
            String why = whyLeftOut(f, s);
            if (why != null) {
                leftOut.add(f.name() + " (" + why + ")");
                continue;
            }
            if (f.kernel()) {
                checkKernelAlgorithm(f, fileName, kernelAlgorithms);
            }
            flows.add(f);
        }
        if (flows.isEmpty()) {
            throw new ScenarioException(fileName + ": flows: nothing runs in real mode (left out: "
                    + String.join(", ", leftOut) + ")");
        }
        return new RealPlan(flows, leftOut, groups(flows, topology));
    }

    private static String whyLeftOut(FlowSpec f, Scenario s) {
        if (f.traffic() instanceof TrafficSpec.Web) {
            return "web traffic";
        }
        if (f.traffic() instanceof TrafficSpec.OnOff) {
            return "on/off traffic";
        }
        if (f.startNanos() >= s.durationNanos()) {
            return "starts after the end";
        }
        return null;
    }

    private static void checkKernelAlgorithm(FlowSpec f, String fileName, List<String> kernelAlgorithms) {
        String spec = f.options().congestionControl;
        String name = RealPath.algorithmName(spec);
        String at = fileName + ": flow " + f.name() + ": cc: ";
        if (spec.contains(":")) {
            throw new ScenarioException(at + "'" + spec + "': a kernel flow takes no parameters (allowed: the name alone)");
        }
        if (!kernelAlgorithms.contains(name)) {
            throw new ScenarioException(at + "the kernel has no congestion control '" + name + "' (allowed: "
                    + String.join(", ", kernelAlgorithms) + ")");
        }
    }

    private static List<Group> groups(List<FlowSpec> flows, TopologySpec topology) {
        Map<List<Object>, List<Integer>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            byKey.computeIfAbsent(key(flows.get(i), topology), k -> new ArrayList<>()).add(i);
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<List<Object>, List<Integer>> e : byKey.entrySet()) {
            List<Object> k = e.getKey();
            groups.add(new Group(groups.size(), (String) k.get(0), (Long) k.get(1), (String) k.get(2),
                    (EcnMode) k.get(3), (Boolean) k.get(4), (Boolean) k.get(5), e.getValue()));
        }
        return groups;
    }

    /** Router, access delay, then the kernel's namespace settings (all alike for tcplab senders). */
    private static List<Object> key(FlowSpec f, TopologySpec topology) {
        long oneWay = FlowPath.of(topology, f).senderDelayNanos() + topology.access().delayNanos();
        if (!f.kernel()) {
            return Arrays.asList(f.from(), oneWay, null, EcnMode.OFF, true, true);
        }
        return List.of(f.from(), oneWay, RealPath.algorithmName(f.options().congestionControl), f.options().ecnMode,
                f.options().sack, f.options().timestamps);
    }

    /** The group a flow (index into {@link #flows}) sends from. */
    public Group groupOf(int flow) {
        return groups.stream().filter(g -> g.flows().contains(flow)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no group has flow " + flow));
    }

}
