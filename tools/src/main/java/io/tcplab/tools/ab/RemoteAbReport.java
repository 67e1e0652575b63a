package io.tcplab.tools.ab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The report of {@code ab --remote}: the local ab's table or JSON per round, with the agent's counts. */
public final class RemoteAbReport {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RemoteAbReport() {
    }

    /**
     * Every round: with {@code json} a JSON object per line, else each round's table and at the
     * end the goodputs by round.
     */
    public static String rounds(List<RemoteAbRunner.Round> rounds, String host, boolean json) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < rounds.size(); i++) {
            s.append(json ? json(rounds.get(i), i + 1, host) + System.lineSeparator()
                    : text(rounds.get(i), i + 1, rounds.size(), host));
        }
        return json ? s.toString() : s.append(summary(rounds)).toString();
    }

    /** Why the comparison is refused ({@link AbReport#refusal}) in the first round that has a reason, or null. */
    public static String refusal(List<RemoteAbRunner.Round> rounds) {
        for (int i = 0; i < rounds.size(); i++) {
            String refusal = AbReport.refusal(rounds.get(i).result());
            if (refusal != null) {
                return "round " + (i + 1) + ": " + refusal;
            }
        }
        return null;
    }

    /** Round {@code i} of {@code n}: the table, then a line per side with what the agent counted. */
    private static String text(RemoteAbRunner.Round r, int i, int n, String host) {
        return String.format(Locale.ROOT, "round %d of %d%n", i, n)
                + AbReport.text(r.result(), "from this host to " + host + " over the real path")
                + agentLine("kernel", r.kernelAgent()) + agentLine("tcplab", r.tcplabAgent());
    }

    private static String agentLine(String side, AgentRun a) {
        return String.format(Locale.ROOT, "agent, %s run: %d bytes, sha256 %s, %.3f s from accept to FIN, %d samples%n",
                side, a.bytes(), a.sha256(), a.durationNanos() / 1e9, a.sampleNanos().size());
    }

    /** The goodputs of every round, side by side, kernel first. */
    private static String summary(List<RemoteAbRunner.Round> rounds) {
        return String.format(Locale.ROOT, "goodput by round (Mbit/s): kernel %s; tcplab %s%n",
                goodputs(rounds, true), goodputs(rounds, false));
    }

    private static String goodputs(List<RemoteAbRunner.Round> rounds, boolean kernel) {
        return rounds.stream().map(r -> (kernel ? r.result().kernel() : r.result().tcplab()).goodputBitsPerSec() / 1e6)
                .map(v -> String.format(Locale.ROOT, "%.2f", v)).collect(Collectors.joining(" / "));
    }

    /**
     * One JSON object per round: the local ab's ({@link AbReport#json}) plus {@code remote},
     * {@code round}, and {@code agent} ({@code kernel}, {@code tcplab}: the agent's {@code bytes},
     * {@code sha256}, {@code durationNanos}, {@code sampleNanos}, {@code sampleBytes}).
     */
    private static String json(RemoteAbRunner.Round r, int i, String host) {
        try {
            ObjectNode root = (ObjectNode) MAPPER.readTree(AbReport.json(r.result()));
            root.put("remote", host);
            root.put("round", i);
            ObjectNode agent = root.putObject("agent");
            agent.set("kernel", AgentProtocol.toJson(r.kernelAgent()));
            agent.set("tcplab", AgentProtocol.toJson(r.tcplabAgent()));
            return root.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("AbReport.json wrote something that is not JSON", e);
        }
    }
}
