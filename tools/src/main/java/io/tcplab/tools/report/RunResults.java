package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code tcplab run}: {@code run.json} (the --json summary), per seed a flow table and a link table. */
final class RunResults implements ResultKind {
    private static final List<Column> FLOWS = List.of(Column.of("flow", "/name"), Column.of("group", "/group"),
            Column.of("cc", "/cc"), Column.of("stack", "/stack"), Column.of("base RTT (ms)", "/base_rtt_ms"),
            Column.scaled("goodput (Mbit/s)", "/goodput_bps", 1e-6), Column.of("delivered (B)", "/delivered_bytes"),
            Column.of("retransmitted", "/connection/segmentsRetransmitted"), Column.of("RTOs", "/connection/rtoCount"),
            Column.of("fast recoveries", "/connection/fastRecoveries"), Column.of("cwnd (B)", "/connection/cwndBytes"),
            Column.scaled("srtt (ms)", "/connection/srttNanos", 1e-6), Column.of("CE received", "/ce_received"));
    private static final List<Column> LINKS = List.of(Column.of("link", "/name"),
            Column.scaled("utilization (%)", "/utilization", 100), Column.scaled("drops (%)", "/drop_ratio", 100),
            Column.of("queue-dropped", "/counters/queueDropped"), Column.of("early dropped", "/early_dropped"),
            Column.of("ECT dropped", "/ect_dropped"), Column.of("CE-marked", "/counters/ceMarked"),
            Column.of("max queue (B)", "/counters/maxQueueBytes"));

    @Override
    public String command() {
        return "run";
    }

    @Override
    public String dataFile() {
        return "run.json";
    }

    @Override
    public void sections(Path dir, Page page) throws IOException {
        for (JsonNode run : Json.elements(Json.read(dir.resolve(dataFile())))) {
            page.heading(run.path("scenario").asText() + ", seed " + run.path("seed").asText());
            page.paragraph(String.format(Locale.ROOT, "%s s simulated, measured after %s s, in %s s wall time",
                    Json.cell(run.path("duration_s")), Json.cell(run.path("warmup_s")), Json.cell(run.path("wall_s"))));
            page.table(Column.table("Flows", FLOWS, Json.elements(run.path("flows"))));
            page.table(Column.table("Links", LINKS, Json.elements(run.path("links"))));
        }
    }

    /** The first seed's test flows' goodput. */
    @Override
    public String headline(Path dir) throws IOException {
        JsonNode run = Json.read(dir.resolve(dataFile())).path(0);
        return run.path("scenario").asText() + ", seed " + run.path("seed").asText() + ": "
                + Json.elements(run.path("flows")).stream().filter(f -> f.path("group").asText().equals("test"))
                .map(f -> f.path("name").asText() + " " + Json.cell(f.path("goodput_bps"), 1e-6))
                .collect(Collectors.joining(", ")) + " Mbit/s";
    }
}
