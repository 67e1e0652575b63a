package io.tcplab.cc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The stack's sans-IO rule (DESIGN.md) holds for the algorithms too: time comes in every call,
 * no threads, no randomness of their own (BBR's cycle start is deterministic), no I/O.
 */
class SansIoRuleTest {
    private static final JavaClasses CC = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.tcplab.cc");

    @Test
    void noClockThreadsRandomnessOrIo() {
        noClasses().should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().dependOnClassesThat().resideInAnyPackage("java.time..", "java.util.concurrent..",
                        "java.io..", "java.nio.channels..", "java.nio.file..", "java.net..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.Thread")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.Random")
                .orShould().callMethod(Math.class, "random")
                .because("the algorithms are driven by the stack, which is sans-IO").check(CC);
    }
}
