package io.tcplab.stack;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The one rule of the core (docs/architecture.md): the stack takes time, randomness and packets from outside.
 * These rules fail the build if production code in {@code io.tcplab.stack} reaches for a clock,
 * a thread, a sleep, randomness of its own, or I/O.
 */
class SansIoRuleTest {
    private static final JavaClasses STACK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.tcplab.stack");

    @Test
    void noClockReads() {
        noClasses().should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().dependOnClassesThat().resideInAPackage("java.time..")
                .because("time is passed in (docs/architecture.md: sans-IO)").check(STACK);
    }

    @Test
    void noThreadsOrSleeps() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.lang.Thread")
                .orShould().dependOnClassesThat().resideInAPackage("java.util.concurrent..")
                .because("a stack is single-threaded and driven from outside").check(STACK);
    }

    @Test
    void noRandomnessOfItsOwn() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.util.Random")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.security.SecureRandom")
                .orShould().callMethod(Math.class, "random")
                .because("randomness comes from the injected RandomSource").check(STACK);
    }

    @Test
    void noIo() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.channels..",
                        "java.nio.file..", "java.net..")
                .because("packets come in and go out through the stack's API, never through I/O").check(STACK);
    }
}
