package io.tcplab.tools.cli;

import io.tcplab.tools.ab.OutsideDrops;
import io.tcplab.tools.realhost.DeviceReport;
import io.tcplab.tools.realhost.Endpoint;
import io.tcplab.tools.realhost.StopSignal;
import io.tcplab.tools.report.Report;
import io.tcplab.tun.PublishTable;
import io.tcplab.tun.TunException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code serve} and {@code send} share: the endpoint and connection options, opening the
 * endpoint (a one-line error and exit 1 when the system refuses), stopping on SIGINT/SIGTERM,
 * closing everything whatever happens, and printing each connection's report.
 */
abstract class EndpointCommand implements Callable<Integer> {
    static final long POLL_NANOS = 20_000_000;

    @Spec
    CommandSpec command;

    @Mixin
    EndpointOptions endpoint = new EndpointOptions();

    /** The open endpoint, for the device counters in --json reports; null before it opens. */
    private Endpoint opened;

    /** Checks combinations of options before anything is set up; throws {@link ParameterException}. */
    abstract void checkOptions();

    /** Runs while the driver does, until done or {@code stop} is requested; may print reports as they come. */
    abstract void run(Endpoint ep, StopSignal stop);

    /** After the driver stopped: reports what is left and returns the exit code (0 or 1). */
    abstract int finish(long now);

    @Override
    public final Integer call() {
        if (endpoint.json && endpoint.quiet) {
            throw new ParameterException(command.commandLine(), "--json and --quiet cannot be used together");
        }
        checkOptions();
        PrintWriter err = command.commandLine().getErr();
        String name = command.qualifiedName();
        try (StopSignal stop = new StopSignal("tcplab-" + command.name() + "-stop")) {
            Endpoint ep;
            Endpoint.Place place;
            try {
                place = endpoint.place(command.commandLine());
                ConnectionOptionsMixin c = connectionOptions();
                ep = Endpoint.open(place,
                        c.toOptions(EndpointOptions.DEFAULT_BUFFER, true), c.initialIsn(),
                        command.commandLine().getCommandName(), err);
                opened = ep;
                publish(ep);
            } catch (TunException e) {
                err.println(name + ": " + Messages.strip(e));
                return 1;
            }
            String problem = null;
            OutsideDrops lostOutside = null;
            try {
                run(ep, stop);
            } catch (TunException e) {
                problem = Messages.strip(e); // the driver stopped under us
            } finally {
                lostOutside = ep.outsideDrops(); // the run's, before the device goes with the close
                try {
                    ep.close();
                } catch (TunException e) {
                    problem = problem != null ? problem : Messages.strip(e);
                }
            }
            int code = finish(System.nanoTime());
            if (!lostOutside.none()) { // outside the stack's sight: said even with --quiet
                err.println(name + ": packets were lost between the kernel and the stack, which no stack counter "
                        + "shows: " + lostOutside.describe());
            }
            if (!endpoint.quiet) {
                Messages.recorded(command, place.recordings());
            }
            Throwable f = ep.failure();
            if (f != null || problem != null) {
                err.println(name + ": " + (f != null ? "the driver failed: " + f : problem));
                return 1;
            }
            return code;
        }
    }

    abstract ConnectionOptionsMixin connectionOptions();

    /** serve forwards connections in (DNAT), send masquerades its own out. */
    abstract PublishTable.Direction publishDirection();

    /** The port the published one leads to (serve: the listening port; send: unused). */
    abstract int publishTarget();

    /** How many source ports from --publish on the connections take (send), or 1. */
    abstract int publishedPorts();

    private void publish(Endpoint ep) {
        if (endpoint.publish == null) {
            return;
        }
        try {
            ep.publish(endpoint.netns, publishDirection(), endpoint.publish, publishTarget(), publishedPorts(),
                    "tcplab " + command.name() + " --publish " + endpoint.publish);
        } catch (TunException e) {
            ep.close();
            throw e;
        }
    }

    /** Prints a report as asked (text, JSON or nothing). */
    void print(Report r) {
        PrintWriter out = command.commandLine().getOut();
        if (endpoint.json) {
            com.fasterxml.jackson.databind.node.ObjectNode json = Report.MAPPER.valueToTree(r);
            addDevice(json);
            out.println(json);
            out.flush();
        } else if (!endpoint.quiet) {
            r.printText(out);
        }
    }

    /** Prints an iperf3 result: iperf3's own JSON shape with --json, else one summary line. */
    void print(io.tcplab.tools.iperf3.Iperf3Result r) {
        PrintWriter out = command.commandLine().getOut();
        if (endpoint.json) {
            addDevice(r.json());
            out.println(r.toJsonString(false));
        } else if (!endpoint.quiet) {
            out.println(r.summary());
        }
        out.flush();
    }

    private void addDevice(com.fasterxml.jackson.databind.node.ObjectNode json) {
        if (opened != null) {
            json.set("device", Report.MAPPER.valueToTree(DeviceReport.of(opened.driver())));
        }
    }

    /** One line on stderr saying where the endpoint is (not with --quiet). */
    void announce(Endpoint ep, String what) {
        if (!endpoint.quiet) {
            ep.announce(command.commandLine().getErr(), command.qualifiedName(), what, endpoint.hostAddr,
                    endpoint.netns);
        }
    }
}
