package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The TX dropped counter read from one line of {@code ip -s -o link}, as iproute2 prints it. */
class TransmitDropsTest {

    @Test
    void theFourthNumberAfterTheTxHeaderIsDropped() {
        String line = "7: tcplab0: <POINTOPOINT,MULTICAST,NOARP,UP,LOWER_UP> mtu 1500 qdisc pfifo_fast state UNKNOWN "
                + "mode DEFAULT group default qlen 1\\    link/none \\    RX:  bytes packets errors dropped  missed   "
                + "mcast           \\          8544      89      0       0       0       0 \\    TX:  bytes packets "
                + "errors dropped carrier collsns           \\        128220    1389      0     611       0       0 ";
        assertThat(TunDevice.transmitDropsOf(line)).isEqualTo(611);
    }

    @Test
    void aLineWithoutStatisticsIsUnknown() {
        assertThat(TunDevice.transmitDropsOf("7: tcplab0: <UP> mtu 1500 qdisc noqueue state UNKNOWN\\    link/none "))
                .isEqualTo(-1);
        assertThat(TunDevice.transmitDropsOf("\\    TX:  bytes packets errors dropped\\  12 x")).isEqualTo(-1);
    }
}
