package io.tcplab.tools.report;

/** This build's version, from the jar's manifest; a build without one (IDE, tests) gives the project's. */
public final class BuildVersion {
    private BuildVersion() {
    }

    /** {@code tcplab 0.1.0-SNAPSHOT}, as {@code --version} prints it and a recording keeps it. */
    public static String text() {
        String version = BuildVersion.class.getPackage().getImplementationVersion();
        return "tcplab " + (version == null ? "0.1.0-SNAPSHOT" : version);
    }
}
