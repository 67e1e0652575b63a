package io.tcplab.tools.cli;

import io.tcplab.stack.cc.CongestionControls;
import io.tcplab.stack.conn.ConnectionOptions;
import io.tcplab.stack.profile.AlgorithmDefault;
import io.tcplab.stack.profile.Profile;
import io.tcplab.stack.profile.ProfileValue;
import io.tcplab.stack.profile.Profiles;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tcplab profile list} and {@code tcplab profile show NAME}: the era profiles and their sources. */
@Command(name = "profile", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Era profiles: a reference platform's connection defaults and algorithm parameters, each with "
                + "its source (--profile on transfer, run and the experiments; profile: in scenario files).",
        subcommands = {ProfileCommand.ListCommand.class, ProfileCommand.ShowCommand.class})
public final class ProfileCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "One line per profile: name and what it is.")
    static final class ListCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            for (Profile p : Profiles.all()) {
                out.printf("%-13s %s%n", p.name(), p.summary());
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Every value the profile sets, beside today's, with its source.")
    static final class ShowCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME", converter = Converters.ProfileName.class, description = "The profile.")
        Profile profile;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            // read back from built options: what is printed is what a connection gets
            ConnectionOptions built = profile.builder().build();
            ConnectionOptions today = ConnectionOptions.defaults();
            out.println(profile.name() + ": " + profile.summary());
            if (profile.values().isEmpty() && profile.algorithms().isEmpty()) {
                out.println("(sets nothing)");
            }
            for (ProfileValue v : profile.values()) {
                out.printf("  %-21s %-9s (today %s)  %s%n", v.key().key(), v.key().read(built),
                        v.key().read(today), v.source());
            }
            for (AlgorithmDefault a : profile.algorithms()) {
                out.printf("  %-21s %s  (today %s)  %s%n", "cc " + a.algorithm(), a.parameters(),
                        CongestionControls.describeParameters(CongestionControls.provider(a.algorithm())), a.source());
            }
            out.flush();
            return 0;
        }
    }
}
