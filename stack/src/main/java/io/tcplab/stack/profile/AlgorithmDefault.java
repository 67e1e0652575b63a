package io.tcplab.stack.profile;

/**
 * Parameters {@code k=v,...} a profile gives one algorithm ({@code cubic}: {@code beta=...}),
 * which a flow's own spec overrides key by key, and where they come from.
 */
public record AlgorithmDefault(String algorithm, String parameters, String source) {
}
