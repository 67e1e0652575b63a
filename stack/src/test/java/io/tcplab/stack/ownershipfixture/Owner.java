package io.tcplab.stack.ownershipfixture;

/** Fixture for StateOwnershipRuleTest: state with one owner, a reference fixed at construction, a nested helper. */
public class Owner {
    int count;
    final StringBuilder log = new StringBuilder();

    int count() {
        return count;
    }

    final class Helper {
        void bump() {
            count++; // nested in the owner: the owner's own code
        }
    }
}
