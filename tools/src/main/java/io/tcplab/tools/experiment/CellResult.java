package io.tcplab.tools.experiment;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What one cell of an experiment measured in one run (one seed): the unit a sweep job writes to
 * its result file and {@code tcplab merge} reads back. The JSON names the experiment in field
 * {@code experiment}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "experiment")
@JsonSubTypes({@JsonSubTypes.Type(value = FriendlinessResult.class, name = "friendliness"),
        @JsonSubTypes.Type(value = EcnResult.class, name = "ecn"),
        @JsonSubTypes.Type(value = L4sResult.class, name = "l4s")})
public sealed interface CellResult permits FriendlinessResult, EcnResult, L4sResult {
    long seed();

    /** The cell's name in file names, e.g. {@code cubic-82ms} or {@code ecn}. */
    String cell();
}
