package io.tcplab.tools.experiment;

import java.util.Locale;

/**
 * Which links the spike changes: the data link, the ACK link, or both. Seed 002 raises the delay
 * of the flow's access link in ns-3, whose point-to-point channel delays both directions, so
 * {@code both} is the experiment's default.
 */
public enum SpikeDirection {
    DATA, ACK, BOTH;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean data() {
        return this != ACK;
    }

    public boolean ack() {
        return this != DATA;
    }

    public static SpikeDirection byLabel(String label) {
        for (SpikeDirection d : values()) {
            if (d.label().equals(label.trim().toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown spike direction '" + label + "': expected data, ack or both");
    }
}
