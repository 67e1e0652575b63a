package io.tcplab.tools.cli;

import io.tcplab.tools.report.BuildVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: this build's version. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {BuildVersion.text()};
    }
}
