package io.tcplab.stack.conn;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each piece of a connection's state has one owner (docs/architecture.md): a field that can
 * change is read and written only by the class that declares it (and classes nested in it);
 * everyone else asks through a method. Final fields (references fixed at construction, and
 * {@link ConnectionOptions}' values) may be read anywhere.
 */
class StateOwnershipRuleTest {
    @Test
    void connectionStateIsTouchedOnlyByItsOwner() {
        ownStateOnly("io.tcplab.stack.conn").check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.tcplab.stack.conn"));
    }

    @Test
    void theRuleFindsAnotherClassWritingState() {
        EvaluationResult result = ownStateOnly("io.tcplab.stack.ownershipfixture")
                .evaluate(new ClassFileImporter().importPackages("io.tcplab.stack.ownershipfixture"));
        assertThat(result.getFailureReport().getDetails())
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("Intruder.poke").contains("Owner.count");
    }

    private static ArchRule ownStateOnly(String pkg) {
        return noClasses().should().accessFieldWhere(new DescribedPredicate<JavaFieldAccess>(
                "a changeable field of another class in " + pkg) {
            @Override
            public boolean test(JavaFieldAccess access) {
                JavaClass owner = access.getTargetOwner();
                if (!owner.getPackageName().equals(pkg)
                        || topLevel(owner).equals(topLevel(access.getOriginOwner()))) {
                    return false;
                }
                Optional<JavaField> field = access.getTarget().resolveMember();
                return field.isPresent() && !field.get().getModifiers().contains(JavaModifier.FINAL);
            }
        }).because("each piece of state has one owner; others go through its methods");
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass k = c;
        while (k.getEnclosingClass().isPresent()) {
            k = k.getEnclosingClass().get();
        }
        return k;
    }
}
