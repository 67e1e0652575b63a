package io.tcplab.stack.spurious;

import io.tcplab.stack.cc.CcParameters;

/** A provider of a detector that takes no parameters: its name, its source and what it makes. */
abstract class ParameterlessProvider implements SpuriousLossDetectorProvider {
    private final String name;
    private final String source;
    private final Factory factory;

    ParameterlessProvider(String name, String source, Factory factory) {
        this.name = name;
        this.source = source;
        this.factory = factory;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Factory configure(CcParameters parameters) {
        return factory;
    }

    @Override
    public final String source() {
        return source;
    }
}
