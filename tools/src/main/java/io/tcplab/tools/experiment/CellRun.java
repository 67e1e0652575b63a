package io.tcplab.tools.experiment;

import io.tcplab.tools.scenario.MultiFlowRunner;
import io.tcplab.tools.scenario.Scenario;
import io.tcplab.tools.scenario.ScenarioResult;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.LongConsumer;

/**
 * One cell of an experiment for one seed: its scenario (already edited for the cell and seed),
 * how to turn the run into the cell's result, and the options that make the experiment command
 * run just this cell (what an emitted job's command line carries).
 *
 * @param name     unique in the sweep, e.g. {@code friendliness-cubic-82ms-seed-3}: names the job and its result file
 * @param jobArgs  the experiment subcommand and its options selecting this cell, without the scenario and results options
 */
public record CellRun(String name, ScenarioTemplate template, Scenario scenario, long seed, List<String> jobArgs,
                      BiFunction<Scenario, ScenarioResult, CellResult> measure) {

    /** Checks the cell's scenario now (a bad one is a ScenarioException before anything runs). */
    public static CellRun of(String name, ScenarioTemplate template, long seed, List<String> jobArgs,
                             BiFunction<Scenario, ScenarioResult, CellResult> measure) {
        return new CellRun(name, template, template.scenario(), seed, jobArgs, measure);
    }

    /** Runs it on the emulator; {@code progress} hears the virtual time at each sample. */
    public CellResult run(LongConsumer progress) {
        return measure.apply(scenario, MultiFlowRunner.run(scenario, seed, progress));
    }
}
