package io.tcplab.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.Function;

/** A table column read from each row object of a JSON file: its header and how a row gives its cell. */
record Column(String header, Function<JsonNode, String> cell) {
    /** The field at a JSON pointer, as it is. */
    static Column of(String header, String pointer) {
        return scaled(header, pointer, 1);
    }

    /** The field at a JSON pointer in another unit: times {@code scale}. */
    static Column scaled(String header, String pointer, double scale) {
        return new Column(header, row -> Json.cell(row.at(pointer), scale));
    }

    /** One row per object, one cell per column. */
    static Table table(String caption, List<Column> columns, List<JsonNode> rows) {
        Table table = new Table(caption, columns.stream().map(Column::header).toList());
        rows.forEach(r -> table.row(columns.stream().map(c -> c.cell().apply(r)).toList()));
        return table;
    }
}
