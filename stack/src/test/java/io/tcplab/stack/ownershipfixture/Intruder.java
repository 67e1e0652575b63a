package io.tcplab.stack.ownershipfixture;

/** Fixture for StateOwnershipRuleTest: one write to another class's state, and two reads the rule allows. */
public class Intruder {
    void poke(Owner owner) {
        owner.count = owner.count() + 1;
        owner.log.append("poked");
    }
}
