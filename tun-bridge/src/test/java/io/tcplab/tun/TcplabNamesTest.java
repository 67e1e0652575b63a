package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TcplabNamesTest {
    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void namesCarryThisProcessAsOwner() {
        assertThat(TcplabNames.namespace("3f9c21", "left")).isEqualTo("tcplab-" + SELF + "-3f9c21-left");
        assertThat(TcplabNames.namespaceOwner(TcplabNames.namespace("3f9c21", "left"))).hasValue(SELF);
        assertThat(TcplabNames.table("00ab12")).isEqualTo("tcplab_" + SELF + "_00ab12");
        assertThat(TcplabNames.tableOwner(TcplabNames.table("00ab12"))).hasValue(SELF);
        assertThat(TcplabNames.alive(SELF)).isTrue();
    }

    @Test
    void otherNamesHaveNoOwner() {
        assertThat(TcplabNames.namespaceOwner("tcplab-3f9c21-left")).as("an older tcplab's").isEmpty();
        assertThat(TcplabNames.namespaceOwner("lab")).isEmpty();
        assertThat(TcplabNames.namespaceOwner("tcplab-12-3f9c21-")).isEmpty();
        assertThat(TcplabNames.namespaceOwner("xtcplab-12-3f9c21-a")).isEmpty();
        assertThat(TcplabNames.namespaceOwner("tcplab-1234567890123456789-3f9c21-a")).as("no pid that long").isEmpty();
        assertThat(TcplabNames.tableOwner("tcplab")).isEmpty();
        assertThat(TcplabNames.tableOwner("tcplab_12_3F9C21")).isEmpty();
        assertThat(TcplabNames.tableOwner("filter")).isEmpty();
    }
}
