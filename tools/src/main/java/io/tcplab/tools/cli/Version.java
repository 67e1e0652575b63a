package io.tcplab.tools.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest; a build without one (IDE, tests) reports the project's version. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"tcplab " + (version == null ? "0.1.0-SNAPSHOT" : version)};
    }
}
